import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Compresses answers of 1 KB or more (JSON, the HTML of the app's pages, RSS and the sitemap)
 * with brotli or gzip, whichever the browser prefers (decision 230). Brotli runs at quality 4,
 * cheap enough per request; the web app's scripts and styles are not compressed here but sent
 * as the brotli or gzip files the build made. Audio (MP3) is not a compressible type, and byte
 * ranges (206) are never compressed. Request bodies are not decompressed: the API takes only
 * plain JSON.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
