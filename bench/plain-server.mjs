#!/usr/bin/env node
// The reference for the public-read benchmark: a bare node:http server that answers each path with
// bytes captured from the real API (same body, same content type), and nothing else.
// Usage: node bench/plain-server.mjs <answers.json>  (prints the port it listens on)
import fs from 'node:fs';
import http from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))).map(([path, { type, body }]) => [path, { type, body: Buffer.from(body) }]),
);
const server = http.createServer((request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': answer.type, 'content-length': answer.body.length }).end(answer.body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
