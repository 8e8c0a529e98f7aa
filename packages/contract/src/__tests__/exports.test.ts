import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../index.d.ts', import.meta.url));

// A types-only entry has no run-time keys to snapshot, so TypeScript reads its exports.
const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true, types: [] });
const checker = program.getTypeChecker();
const source = program.getSourceFile(entry);
const entryModule = source && checker.getSymbolAtLocation(source);
if (!entryModule) throw new Error(`TypeScript found no module at ${entry}`);
const exported = checker.getExportsOfModule(entryModule);

it('exports exactly the public types (a change here is a change of the published package)', () => {
  expect(exported.map((symbol) => symbol.name).sort()).toMatchSnapshot();
});

it('holds types only: the entry declares nothing that exists at run time', () => {
  const values = exported
    .map((symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol))
    .filter((symbol) => symbol.flags & ts.SymbolFlags.Value)
    .map((symbol) => symbol.name);
  expect(values).toEqual([]);
});
