/** `npm run openapi`: regenerates openapi.yaml from the route schemas. */
import { writeFile } from 'node:fs/promises';
import { renderOpenApiYaml } from '../server/openapi.ts';

await writeFile('openapi.yaml', await renderOpenApiYaml());
console.log('openapi.yaml written');
process.exit(0);
