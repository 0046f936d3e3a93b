/** HTTP requests written byte for byte over a socket, so no client normalises the path or adds headers. */
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `request` as written and reads the whole answer (the server closes nothing early, so parse by length). */
export function raw(port: number, request: string, host = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    const chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = all.subarray(0, end).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      const head = request.startsWith('HEAD');
      if (!head && all.length < end + 4 + length) return;
      socket.destroy();
      resolve({ status: Number(lines[0]!.split(' ')[1]), headers, body: head ? Buffer.alloc(0) : all.subarray(end + 4, end + 4 + length) });
    });
    socket.write(request);
  });
}
