// Prints the JavaScript a browser downloads to show each page (first-load JS):
// every script the server-rendered HTML references, raw and gzipped. Scripts
// marked `nomodule` (Next.js's polyfills for browsers without ES modules) are
// downloaded by no browser that runs the page's own scripts: they are counted
// apart, in the last column, as Lighthouse's transfer sizes leave them out.
// Usage: node scripts/page-weight.mjs http://localhost:3000 / /blog /faq
import { gzipSync } from "node:zlib";

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error("usage: node scripts/page-weight.mjs <base-url> <path> [<path> …]");
  process.exit(2);
}

const cache = new Map();
async function size(url) {
  if (!cache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    cache.set(url, { raw: body.length, gzip: gzipSync(body).length });
  }
  return cache.get(url);
}

const kb = (n) => (n / 1024).toFixed(1);
console.log("page                            scripts   raw kB   gzip kB   nomodule gzip kB");
for (const path of paths) {
  const html = await (await fetch(new URL(path, base))).text();
  const tags = new Map([...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].map((m) => [m[1], /\snomodule\b/i.test(m[0])]));
  let raw = 0;
  let gzip = 0;
  let legacy = 0;
  for (const [src, noModule] of tags) {
    const s = await size(new URL(src, base));
    if (noModule) {
      legacy += s.gzip;
    } else {
      raw += s.raw;
      gzip += s.gzip;
    }
  }
  const count = [...tags.values()].filter((noModule) => !noModule).length;
  console.log(`${path.padEnd(32)}${String(count).padStart(7)}${kb(raw).padStart(9)}${kb(gzip).padStart(10)}${kb(legacy).padStart(19)}`);
}
