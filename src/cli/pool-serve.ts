/**
 * The worker side of a census pool, with nothing of the census in it: say ready, handle each
 * batch in the order it came, and at `finish` post the final state and close. Every failure is
 * posted, never thrown. The census workers and the archive reader differ only in their handlers.
 */
import type { MessagePort } from 'node:worker_threads';
import type { CensusState } from '../analysis/census/state.js';
import type { PoolReply, PoolRequest } from './census-pool.js';

/** How one kind of worker answers a batch (and which buffers move with the answer), and what it posts at the end. */
export interface PoolHandlers<Batch, Done> {
  batch(batch: PoolRequest<Batch> & { type: 'batch' }): Promise<{ done: Done; transfer?: ArrayBuffer[] }>;
  finish(): Promise<CensusState | null>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Serves the pool on `port` until told to finish. */
export function servePool<Batch extends object, Done extends object>(port: MessagePort, handlers: PoolHandlers<Batch, Done>): void {
  const post = (reply: PoolReply<Done>, transfer: ArrayBuffer[] = []): void => port.postMessage(reply, transfer);
  // Batches are handled one after another, in the order they came, even when one waits.
  let chain = Promise.resolve();
  port.on('message', (request: PoolRequest<Batch>) => {
    chain = chain.then(async () => {
      try {
        if (request.type === 'batch') {
          const { done, transfer } = await handlers.batch(request);
          post({ type: 'done', id: request.id, ...done }, transfer);
        } else {
          post({ type: 'state', state: await handlers.finish() });
          port.close();
        }
      } catch (error) {
        post({ type: 'failed', message: messageOf(error) });
      }
    });
  });
  post({ type: 'ready' });
}

/** A failure before serving (the worker's own set-up), posted as the pool expects it. */
export function postPoolFailure(port: MessagePort, error: unknown): void {
  port.postMessage({ type: 'failed', message: messageOf(error) } satisfies PoolReply<never>);
}
