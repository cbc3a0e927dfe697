#!/usr/bin/env node
import { readEnvironment, resolveDatabaseUrl } from '../config/environment.js';

// Each command's modules load when it runs: a gateway started with `serve` never holds the admin
// commands' (≈1.3 MiB of heap, bench/findings/idle-footprint.md).

const HELP = `Usage: tf-gateway <command> [options]

Commands:
  serve     start the gateway, console API and web console (see: tf-gateway serve --help)
  migrate   apply database migrations and exit
  admin     operator commands: org, project, key, credit, grant (see: tf-gateway admin --help)

Every command takes --database URL (or TF_DATABASE_URL); default sqlite:./data/tf-gateway.db.`;

/** Dispatch a subcommand; returns the exit code (serve never returns until shut down). */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return (await import('./serve.js')).runServeCommand(rest);
    case 'migrate':
      return (await import('./migrate.js')).runMigrateCommand(rest);
    case 'admin':
      return (await import('./admin.js')).runAdminCommand(rest, { databaseUrl: resolveDatabaseUrl(rest, readEnvironment()), stdout: (s) => process.stdout.write(s.endsWith('\n') ? s : `${s}\n`) });
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      process.stdout.write(`${HELP}\n`);
      return command === undefined ? 1 : 0;
    default:
      process.stderr.write(`Unknown command '${command}'.\n\n${HELP}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
