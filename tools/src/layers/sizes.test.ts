import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './layers.ts';
import { functionLengths, lineCount, MAX_FILE_LINES, MAX_FUNCTION_LINES, tooLong } from './sizes.ts';

describe('sizes', () => {
  // parses every source file with the TypeScript compiler: seconds, more on a busy machine
  it('no source file over 500 lines and no function over 150', { timeout: 180_000 }, () => {
    const over = tooLong(REPO_ROOT).map(
      (x) =>
        `${x.key}: ${x.lines} lines (at most ${x.kind === 'file' ? MAX_FILE_LINES : MAX_FUNCTION_LINES})`,
    );
    expect(over, 'over a limit: split it by job').toEqual([]);
  });

  it('counts lines as an editor shows them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\r\nb\r\n')).toBe(2);
  });

  it('measures declarations, arrow functions, methods and callbacks, named by their place', () => {
    const text = [
      'export function outer() {', // 1
      '  const inner = () => {', // 2
      '    return 1;', // 3
      '  };', // 4
      '  return inner;', // 5
      '}', // 6
      'class Shop {', // 7
      '  open(): void {}', // 8
      '}', // 9
      'app.get("/x", async (request) => {', // 10
      '  return request;', // 11
      '});', // 12
      'export const routes = (deps: unknown) => async (app: unknown) => {', // 13
      '  void deps;', // 14
      '};', // 15
    ].join('\n');
    expect(functionLengths('x.ts', text)).toEqual([
      { name: 'outer', lines: 6 },
      { name: 'outer › inner', lines: 3 },
      { name: 'open', lines: 1 },
      { name: 'app.get(…)', lines: 3 },
      { name: 'routes', lines: 3 },
      { name: 'routes › (anonymous)', lines: 3 },
    ]);
  });

  it('reads JSX', () => {
    const text = 'export function Page() {\n  return <div>{[1].map((n) => <b key={n}>{n}</b>)}</div>;\n}\n';
    expect(functionLengths('Page.tsx', text).map((f) => f.name)).toEqual(['Page', 'Page › [1].map(…)']);
  });
});
