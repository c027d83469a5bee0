// Sizes a newcomer can read: no source file over 500 lines, no function over 150 (tests aside — a test file
// is a list of cases). Functions are measured with the TypeScript compiler on the parsed text: function
// declarations and expressions, arrow functions, methods, accessors and constructors. layers.test.ts runs it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './layers.ts';

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 150;

export interface TooLong {
  /** 'file' for a whole file, else the function's place: `path › outer › inner`. */
  kind: 'file' | 'function';
  key: string;
  lines: number;
}

const isTest = (file: string) => /\.test\.(ts|tsx|mts|js|mjs)$/.test(file);

/** The lines of a text, not counting the newline that ends its last line. */
export function lineCount(text: string): number {
  return text.length === 0 ? 0 : text.replace(/\r?\n$/, '').split('\n').length;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ConstructorDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/**
 * A function's name as a reader finds it: its own, the variable or property it is given to, or the call it is
 * passed to (`app.get(…)`), else '(anonymous)'.
 */
function nameOf(node: FunctionNode, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText(file);
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(file)}(…)`;
  return '(anonymous)';
}

/** Every function of a source text with its length in lines, named by its place among enclosing functions. */
export function functionLengths(fileName: string, text: string): { name: string; lines: number }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const out: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node, outer: string[]) => {
    let inside = outer;
    if (isFunction(node)) {
      inside = [...outer, nameOf(node, file)];
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ name: inside.join(' › '), lines: last - first + 1 });
    }
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(file, []);
  return out;
}

/** The non-test source files and functions of the repository over the limits, largest first. */
export function tooLong(root: string): TooLong[] {
  const found: TooLong[] = [];
  for (const rel of sourceFiles(root).filter((f) => !isTest(f))) {
    const text = readFileSync(path.join(root, rel), 'utf8');
    const lines = lineCount(text);
    if (lines > MAX_FILE_LINES) found.push({ kind: 'file', key: rel, lines });
    for (const fn of functionLengths(rel, text))
      if (fn.lines > MAX_FUNCTION_LINES)
        found.push({ kind: 'function', key: `${rel} › ${fn.name}`, lines: fn.lines });
  }
  return found.sort((a, b) => b.lines - a.lines);
}
