/** Writes web/src/api/openapi.d.ts from the server's routes (server/src/test/api-types.ts). */
import fs from 'node:fs';
import { API_TYPES_FILE, generateApiTypes } from '../server/src/test/api-types';

fs.writeFileSync(API_TYPES_FILE, await generateApiTypes());
console.info(`wrote ${API_TYPES_FILE}`);
