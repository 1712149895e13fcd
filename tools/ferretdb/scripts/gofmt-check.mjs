// Fails, naming them, when Go files here are not gofmt-formatted (.patched/ is FerretDB's own copy).
import { execFileSync } from 'node:child_process';

const unformatted = execFileSync('gofmt', ['-l', 'main.go', 'build'], { encoding: 'utf8' }).trim();
if (unformatted) {
  console.error(`gofmt would change:\n${unformatted}`);
  process.exit(1);
}
