// Sizes a newcomer can read: no source file over 500 lines, no function over 150 (tests aside — a test file
// is a list of cases). Functions are measured with the TypeScript compiler on the parsed text: function
// declarations and expressions, arrow functions, methods, accessors and constructors. layers.test.ts runs it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './layers.ts';

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 150;

/**
 * What is over a limit today: files as their path, functions as `path › name`. Each is being split; the list
 * may only shrink — layers.test.ts fails on anything over a limit that is not listed here, and on an entry that
 * fits now (take it off).
 */
export const BEING_SPLIT: readonly string[] = [
  'apps/api/src/demo-data/collections.ts', // being split
  'apps/api/src/demo-data/history.ts', // being split
  'apps/api/src/demo-data/history.ts › line', // being split
  'apps/api/src/demo-data/history.ts › settle', // being split
  'apps/api/src/modules/cart/cart.service.ts › createCartService', // being split
  'apps/api/src/modules/content/staff-content.routes.ts › staffContentRoutes', // being split
  'apps/api/src/modules/content/staff-content.routes.ts › staffContentRoutes › (anonymous)', // being split
  'apps/api/src/modules/content/staff-content.service.ts › createStaffContentService', // being split
  'apps/api/src/modules/dealers/staff-dealers.service.ts › createStaffDealersService', // being split
  'apps/api/src/modules/erp/erp.routes.ts › erpRoutes', // being split
  'apps/api/src/modules/erp/erp.routes.ts › erpRoutes › (anonymous)', // being split
  'apps/api/src/modules/erp/erp.service.ts', // being split
  'apps/api/src/modules/erp/erp.service.ts › createErpService', // being split
  'apps/api/src/modules/frames/frames.routes.ts › framesRoutes', // being split
  'apps/api/src/modules/frames/frames.routes.ts › framesRoutes › (anonymous)', // being split
  'apps/api/src/modules/frames/frames.service.ts › createFramesService', // being split
  'apps/api/src/modules/orders/orders.service.ts › createOrdersService', // being split
  'apps/api/src/modules/payments/batch.ts › createBatchPayments', // being split
  'apps/api/src/modules/payments/make-payment.ts › makePayment', // being split
  'apps/api/src/modules/payments/staff-money.ts › createStaffMoney', // being split
  'apps/api/src/platform/payments/sandbox.ts › createSandboxGateway', // being split
  'apps/api/src/platform/screen-render.ts › createScreenRenderer', // being split
  'apps/web/src/components/payments/BillingMethodModal.tsx › BillingMethodModal', // being split
  'apps/web/src/features/account/MyAccountPage.tsx › BillingSection', // being split
  'apps/web/src/features/auth/LoginPage.tsx › LoginPage', // being split
  'apps/web/src/features/catalogue/ProductSearchPage.tsx › ProductSearchPage', // being split
  'apps/web/src/features/catalogue/TopSearch.tsx › TopSearch', // being split
  'apps/web/src/features/dealers/WhereToBuyPage.tsx › WhereToBuyPage', // being split
  'apps/web/src/features/frames/FrameBuilderPage.tsx › FrameBuilderPage', // being split
  'apps/web/src/features/frames/PartPicker.tsx › PickerBody', // being split
  'apps/web/src/features/frames/StepDesign.tsx › StepDesign', // being split
  'apps/web/src/features/home/AccountHome.tsx › AccountHome', // being split
  'apps/web/src/features/home/HomePage.tsx › HomePage', // being split
  'apps/web/src/features/orders/OrderFiltersForm.tsx › OrderFiltersForm', // being split
  'apps/web/src/features/orders/OrdersListPage.tsx › OrdersListPage', // being split
  'apps/web/src/features/staff/StaffSignIn.tsx › StaffSignIn', // being split
  'apps/web/src/features/staff/sections/staff-users/StaffUserDetail.tsx › StaffUserDetail', // being split
  'tools/src/bench/load-loop.ts › createLoop', // being split
  'tools/src/bench/run.ts › main', // being split
  'tools/src/crash/crash.ts', // being split
  'tools/src/crash/crash.ts › checkInvariants', // being split
  'tools/src/crash/crash.ts › runCrashTest', // being split
  'tools/src/fuzz/openapi-fuzz.ts', // being split
];

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
