import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../test/api-types';

describe("the web app's API types", () => {
  it('are the server routes as they are now (else run `npm run api:types`)', async () => {
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8')).toBe(await generateApiTypes());
  });
});
