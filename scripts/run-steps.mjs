#!/usr/bin/env node
// Runs build steps one after another and says what it is doing, so `npm start` (whose prestart
// builds the server and the web console for about a minute) is not a minute of silence.
// Usage: node scripts/run-steps.mjs LABEL COMMAND [LABEL COMMAND ...]
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  process.stderr.write('usage: node scripts/run-steps.mjs LABEL COMMAND [LABEL COMMAND ...]\n');
  process.exit(2);
}
const steps = [];
for (let i = 0; i < args.length; i += 2) steps.push({ label: args[i], command: args[i + 1] });

const started = Date.now();
for (const [i, step] of steps.entries()) {
  const t0 = Date.now();
  process.stdout.write(`[${i + 1}/${steps.length}] ${step.label} ...\n`);
  const child = spawn(step.command, { shell: true, stdio: 'inherit' });
  const code = await new Promise((resolve) => child.on('close', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  if (code !== 0) {
    process.stderr.write(`[${i + 1}/${steps.length}] ${step.label} failed (exit ${code}): ${step.command}\n`);
    process.exit(code);
  }
  process.stdout.write(`[${i + 1}/${steps.length}] ${step.label}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}
process.stdout.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
