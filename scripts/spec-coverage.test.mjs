import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'spec-coverage.mjs');

/** A repository with one citing test and the script, in a folder of its own (no ../shared unless made). */
function makeClone() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-spec-coverage-'));
  const repo = path.join(base, 'repo');
  for (const dir of ['scripts', 'docs', 'apps/x', 'packages', 'e2e']) {
    fs.mkdirSync(path.join(repo, dir), { recursive: true });
  }
  fs.copyFileSync(SCRIPT, path.join(repo, 'scripts', 'spec-coverage.mjs'));
  const testFile = path.join(repo, 'apps/x/a.test.ts');
  fs.writeFileSync(testFile, "it('logs in [spec:S0.1.1]', () => {});\n");
  const run = (...args) =>
    spawnSync(process.execPath, [path.join(repo, 'scripts', 'spec-coverage.mjs'), ...args], {
      encoding: 'utf8',
    });
  const addChecklist = () => {
    fs.mkdirSync(path.join(base, 'shared/spec'), { recursive: true });
    fs.writeFileSync(path.join(base, 'shared/spec/checklist.md'), '- **S0.1.1** Users log in.\n');
  };
  return { base, doc: path.join(repo, 'docs/spec-coverage.md'), testFile, run, addChecklist };
}

let clone;
afterEach(() => fs.rmSync(clone.base, { recursive: true, force: true }));

describe('spec-coverage.mjs', () => {
  it('reports the check skipped, with the reason and exit code 3, in a clone without the spec checklist', () => {
    clone = makeClone();
    fs.writeFileSync(clone.doc, 'whatever was committed\n');
    const check = clone.run('--check');
    expect(check.status).toBe(3);
    expect(check.stdout).toMatch(/^skipped: \.\.\/shared\/spec\/checklist\.md not found/);
    // Rewriting would drop every requirement text: refused, the file stays as it was.
    const write = clone.run();
    expect(write.status).toBe(1);
    expect(fs.readFileSync(clone.doc, 'utf8')).toBe('whatever was committed\n');
  });

  it('passes the check when the file matches the citations, and fails it when a citation changes', () => {
    clone = makeClone();
    clone.addChecklist();
    expect(clone.run().status).toBe(0);
    expect(fs.readFileSync(clone.doc, 'utf8')).toContain('| S0.1.1 | Users log in. |');
    expect(clone.run('--check').status).toBe(0);
    fs.writeFileSync(clone.testFile, "it('logs in [spec:S0.1.2]', () => {});\n");
    const check = clone.run('--check');
    expect(check.status).toBe(1);
    expect(check.stderr).toContain('docs/spec-coverage.md is out of date');
  });
});
