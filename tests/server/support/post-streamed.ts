import { request } from 'node:http';

export interface StreamedOptions {
  /** No Content-Length: the server learns the size only as the bytes arrive. */
  chunked?: boolean;
  type?: string;
}

/**
 * Posts `size` bytes to `url` in 64 KB writes, as a browser or curl streams a body: a single
 * write would hide the race between a server answering 413 early and the client still sending.
 */
export function postStreamed(
  url: string | URL,
  size: number,
  { chunked = false, type = 'application/json' }: StreamedOptions = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string | number> = { 'Content-Type': type };
    if (!chunked) headers['Content-Length'] = size;
    const req = request(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}
