/**
 * Serves the built portal (dist/) on 127.0.0.1:$PORT and proxies /api/* to $API_URL (same path) and
 * /idp/* to $IDP_URL (without the /idp prefix), so the browser sees one origin. Node's http only.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as forward } from 'node:http';
import path from 'node:path';

const port = Number(process.env.PORT ?? 4173);
const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
const idpUrl = process.env.IDP_URL ?? 'http://127.0.0.1:3001';
const root = path.resolve('dist');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

function proxy(request, response, target) {
  const url = new URL(target);
  const upstream = forward(
    {
      hostname: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: request.method,
      headers: { ...request.headers, host: url.host },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    response.writeHead(502, { 'content-type': 'text/plain' });
    response.end('upstream unreachable');
  });
  request.pipe(upstream);
}

createServer((request, response) => {
  const { pathname, search } = new URL(request.url ?? '/', 'http://portal');
  if (pathname.startsWith('/api/')) return proxy(request, response, `${apiUrl}${pathname}${search}`);
  if (pathname.startsWith('/idp/')) return proxy(request, response, `${idpUrl}${pathname.slice(4)}${search}`);
  let file = path.join(root, path.normalize(pathname));
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory())
    file = path.join(root, 'index.html');
  response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.info(`custom-element portal on http://127.0.0.1:${port}`));
