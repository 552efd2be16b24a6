import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Doublecast</title><!-- ${'x'.repeat(1200)} --><div id="root"></div>`,
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sourcesContent":["secret source"]}',
    );
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    // Pages the build rendered to HTML (decision 234).
    fs.mkdirSync(path.join(dist, 'pages'));
    fs.writeFileSync(path.join(dist, 'pages', 'index.html'), '<div id="root"><h1>Home</h1></div>');
    fs.writeFileSync(
      path.join(dist, 'pages', 'voices.html'),
      '<div id="root"><h1>Voices</h1></div>',
    );
    // What the build's compression step writes beside a script (decision 230).
    const script = 'console.log("a long enough script");\n'.repeat(100);
    fs.writeFileSync(path.join(dist, 'assets', 'main-def456.js'), script);
    fs.writeFileSync(
      path.join(dist, 'assets', 'main-def456.js.br'),
      zlib.brotliCompressSync(script),
    );
    fs.writeFileSync(path.join(dist, 'assets', 'main-def456.js.gz'), zlib.gzipSync(script));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and revalidates the shell', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await t.request({ method: 'GET', url: '/' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shell.body).toContain('<div id="root">');
  });

  it('answers app routes with the shell, and missing files and API paths with 404', async () => {
    for (const url of ['/studio', '/voices?autoplay=tom', '/unknown/deep/path']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
    // A post that does not exist: still the shell (it shows "Post Not Found"), answered 404.
    const missingPost = await t.request({ method: 'GET', url: '/blog/some-post' });
    expect(missingPost.statusCode).toBe(404);
    expect(missingPost.body).toContain('<div id="root">');
    expect((await t.request({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(
      404,
    );
    const api = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not-found');
  });

  it('never serves files outside the build folder', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.body, url).not.toContain('"workspaces"');
      expect(res.body, url).not.toContain('root:x:');
    }
  });

  it('refuses source maps even when the build has them', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.JS.MAP',
      '/assets/index-abc123.js.map?x=1',
      '/assets/index-abc123.js%2emap',
      '/assets/missing.js.map',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret source');
    }
    expect((await t.request({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(
      200,
    );
  });

  it('sends the brotli or gzip file the build made, with Vary, an ETag and a year of caching', async () => {
    const script = 'console.log("a long enough script");\n'.repeat(100);
    const br = await t.request({
      method: 'GET',
      url: '/assets/main-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['etag']).toBeTruthy();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.request({
      method: 'GET',
      url: '/assets/main-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['etag']).not.toBe(br.headers['etag']);

    const plain = await t.request({ method: 'GET', url: '/assets/main-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // Revalidation by ETag still answers 304.
    const again = await t.request({
      method: 'GET',
      url: '/assets/main-def456.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('compresses JSON of 1 KB or more and leaves smaller answers as they are', async () => {
    const big = await t.request({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toMatch(/accept-encoding/i);
    const json = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as unknown;
    expect(JSON.stringify(json).length).toBeGreaterThanOrEqual(1024);

    const small = await t.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    // The page shells are HTML over 1 KB once the build has put its tags in: gzip here.
    const shell = await t.request({
      method: 'GET',
      url: '/pricing',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(shell.rawPayload).toString()).toContain('<div id="root">');
  });

  it('sends the HTML the build rendered for a public page, and the shell for the others', async () => {
    const home = await t.request({ method: 'GET', url: '/' });
    expect(home.body).toContain('<h1>Home</h1>');
    expect(home.headers['cache-control']).toBe('no-cache');
    const voices = await t.request({ method: 'GET', url: '/voices?autoplay=tom' });
    expect(voices.statusCode).toBe(200);
    expect(voices.headers['content-type']).toContain('text/html');
    expect(voices.body).toContain('<h1>Voices</h1>');
    const studio = await t.request({ method: 'GET', url: '/studio' });
    expect(studio.body).toContain('<div id="root"></div>');
  });
});
