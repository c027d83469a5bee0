import { describe, expect, it } from 'vitest';
import { mainThread, type TraceEvent } from './main-thread.ts';

const PID = 7;
const MAIN = 1;
const ev = (
  name: string,
  ts: number,
  dur: number,
  tdur: number,
  extra: Partial<TraceEvent> = {},
): TraceEvent => ({
  name,
  ph: 'X',
  pid: PID,
  tid: MAIN,
  ts: ts * 1000,
  dur: dur * 1000,
  tdur: tdur * 1000,
  ...extra,
});
const trace = (...tasks: TraceEvent[]): TraceEvent[] => [
  { name: 'thread_name', ph: 'M', pid: PID, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  {
    name: 'navigationStart',
    ph: 'R',
    pid: PID,
    tid: MAIN,
    ts: -5_000,
    args: { data: { navigationId: 'blank' } },
  },
  { name: 'navigationStart', ph: 'R', pid: PID, tid: MAIN, ts: 0, args: { data: { navigationId: 'page' } } },
  {
    name: 'firstContentfulPaint',
    ph: 'R',
    pid: PID,
    tid: MAIN,
    ts: 100_000,
    args: { data: { navigationId: 'page' } },
  },
  ...tasks,
];

describe('main thread of a page load, by thread CPU time', () => {
  it('counts 4 × CPU − 50 ms of each task after the first paint, by CPU time not wall time', () => {
    const result = mainThread(
      trace(
        ev('RunTask', 50, 40, 30), // before the paint: not blocking
        ev('RunTask', 200, 300, 20), // 300 ms of wall time, 20 of CPU (preempted): 4 × 20 − 50 = 30
        ev('RunTask', 600, 12, 12), // 48 ms on a phone: not long
        ev('RunTask', 700, 25, 25), // 100 − 50 = 50
      ),
    );
    expect(result.tbt).toBe(80);
    expect(result.cpu).toBe(87);
    expect(result.long.map((t) => t.at)).toEqual([200, 700]);
    expect(result.fcp).toBe(100);
  });

  it('counts a task nested in another once, and names its parts', () => {
    const result = mainThread(
      trace(
        ev('ThreadControllerImpl::RunTask', 200, 30, 30),
        ev('RunTask', 201, 28, 29),
        ev('v8.evaluateModule', 202, 20, 20),
        ev('RunTask', 200, 30, 30, { tid: 99 }), // another thread
      ),
    );
    expect(result.tbt).toBe(70);
    expect(result.long).toEqual([{ at: 200, cpu: 30, parts: ['v8.evaluateModule 20'] }]);
  });
});
