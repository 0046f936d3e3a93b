/**
 * Runs one lane in a worker thread, so the campaign can use every core and a watchdog on the main
 * thread can stop an execution that never returns (a hang cannot be interrupted in-thread).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runLane, type CampaignOptions } from './campaign.js';
import { buildLanes } from './lanes.js';

export interface WorkerInput {
  lane: number;
  options: Omit<CampaignOptions, 'heartbeat'>;
  heartbeat: SharedArrayBuffer;
}

const input = workerData as WorkerInput;
const lane = buildLanes()[input.lane]!;
const report = await runLane(lane, { ...input.options, heartbeat: new Float64Array(input.heartbeat) });
parentPort!.postMessage(report);
