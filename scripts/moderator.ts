/**
 * `npm run moderator -- grant <username>` / `npm run moderator -- revoke <username>`: gives or
 * takes the moderator role, printing one line; exit code 1 (and the reason) for an unknown
 * username or wrong arguments. Each change is written to the moderation audit with no actor (the
 * command line). Runs on Node's own type stripping, against DATABASE_URL.
 */
import { loadConfig } from '../server/kernel/config.ts';
import { connectDatabase } from '../server/kernel/db/client.ts';
import { moderatorCommand } from '../server/modules/reports/index.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error("DATABASE_URL is not set: point it at the app's database.");
  process.exit(1);
}
const database = connectDatabase(config.databaseUrl, { max: 1 });
let code = 1;
try {
  const result = await moderatorCommand(database.db, process.argv.slice(2));
  (result.code === 0 ? console.log : console.error)(result.line);
  code = result.code;
} catch (error) {
  console.error(`moderator: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close({ timeoutSeconds: 5 });
}
process.exit(code);
