import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * Answers of 1 KB or more up to this size are compressed in one call on the event loop (brotli
 * quality 1 takes about 2 us per KB here); larger ones go through a zlib stream on libuv's
 * threads. Fixed, not the plugin's default (8 KB on two cores, 64 KB on one), so a history page
 * (11 KB) costs the same however many cores the process sees (decision 248).
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Compresses answers of 1 KB or more (JSON, the HTML of the app's pages, RSS and the sitemap)
 * with brotli or gzip, whichever the browser prefers (decision 230). Both run at their fastest
 * level (decision 248): these answers are made per request, and on a 20-reading history page
 * brotli quality 1 costs about a quarter of quality 4's CPU for 9% more bytes (1.4 KB instead
 * of 1.3 KB). The web app's scripts and styles are not compressed here but sent as the brotli or
 * gzip files the build made (quality 11). Audio (MP3) is not a compressible type, and byte ranges
 * (206) are never compressed. Request bodies are not decompressed: the API takes only plain JSON.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: 1024,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
    zlibOptions: { level: 1 },
  });
}
