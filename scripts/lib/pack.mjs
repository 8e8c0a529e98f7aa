/**
 * Builds the four published packages and `npm pack`s each into a folder: what the pack test and the
 * example portals install, exactly as a stranger would get them from the registry.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const packageDirs = ['packages/contract', 'packages/api-client', 'packages/ui', 'packages/screens'];
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What each tarball must hold: a built entry, or for the types-only contract its declarations. */
const requiredFiles = (dir) =>
  dir === 'packages/contract'
    ? ['package.json', 'README.md', 'src/index.d.ts', 'src/generated/schema.d.ts']
    : ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts'];

/** Runs a command, returning stdout; on failure the error carries stdout and stderr. */
export function run(command, args, cwd, env = {}) {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false', ...env },
  });
}

/** `npm run build:packages` in the repository. */
export function buildPackages() {
  run(npm, ['run', 'build:packages'], repo);
}

/**
 * Packs each package into `destination` and checks the tarball holds its entry files.
 * @returns {{ dir: string, name: string, tarball: string }[]}
 */
export function packPackages(destination, log = (line) => process.stdout.write(`${line}\n`)) {
  return packageDirs.map((dir) => {
    const out = run(npm, ['pack', '--json', '--pack-destination', destination], path.join(repo, dir));
    const [info] = JSON.parse(out);
    const files = info.files.map((f) => f.path);
    for (const required of requiredFiles(dir)) {
      if (!files.includes(required)) throw new Error(`${info.name}: the tarball has no ${required}`);
    }
    const tests = files.filter((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f));
    if (tests.length > 0) log(`  note: ${info.name} ships test files: ${tests.join(', ')}`);
    log(`  ${info.filename}: ${files.length} files, ${(info.size / 1024).toFixed(0)} KB`);
    return { dir, name: info.name, tarball: path.join(destination, info.filename) };
  });
}
