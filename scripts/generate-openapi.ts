/** Writes resources/openapi.yaml from the contract schemas (`npm run openapi`); a unit test fails while it is stale. */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '@main/lib/atomic-file';
import { renderOpenApiYaml } from '@shared/msc/openapi';

const OPENAPI_FILE = resolve(fileURLToPath(new URL('.', import.meta.url)), '../resources/openapi.yaml');

await writeFileAtomic(OPENAPI_FILE, renderOpenApiYaml());
console.log(`geschrieben: ${OPENAPI_FILE}`);
