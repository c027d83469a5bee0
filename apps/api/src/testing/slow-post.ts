import http from 'node:http';

/**
 * A POST whose JSON body goes out in two parts: the first now, the rest when `finish()` is called — a slow client
 * on the wire. `answer` is the status and body text once the server has answered.
 */
export function slowPost(origin: string, path: string, first: string, rest: string) {
  const { port } = new URL(origin);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(first + rest)),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
  });
  req.write(first);
  return { answer, finish: () => req.end(rest) };
}
