import { describe, expect, it } from 'vitest';
import { readFirstData, renderedForThisBrowser } from './first-data.ts';

const element = (text: string | null, user?: string) => ({
  textContent: text,
  getAttribute: (name: string) => (name === 'data-user' && user !== undefined ? user : null),
});
const STATE = JSON.stringify({
  mutations: [],
  queries: [{ queryKey: ['cart'], state: { dataUpdatedAt: 1 } }],
});

describe("a rendered page's first data", () => {
  it('is taken, its age counted from now, for a public page and for the stored user’s page', () => {
    expect(readFirstData(element(STATE), undefined, 500)?.queries[0]?.state.dataUpdatedAt).toBe(500);
    expect(readFirstData(element(STATE, '7'), 7, 500)?.queries).toHaveLength(1);
  });

  it('is left when it names another user than the stored session’s, or none is stored', () => {
    expect(readFirstData(element(STATE, '7'), 8, 500)).toBeNull();
    expect(readFirstData(element(STATE, '7'), undefined, 500)).toBeNull();
  });

  it('is left when missing or not JSON', () => {
    expect(readFirstData(null, 7, 500)).toBeNull();
    expect(readFirstData(element('{not json'), 7, 500)).toBeNull();
  });
});

describe('renderedForThisBrowser', () => {
  it('is a visitor page for a browser signed in to no one, a signed-in page for its own user', () => {
    expect(renderedForThisBrowser(element(STATE), undefined)).toBe(true);
    expect(renderedForThisBrowser(element(STATE, '7'), 7)).toBe(true);
  });

  it('is not when the browser holds another session than the page was rendered for, or there is no page data', () => {
    expect(renderedForThisBrowser(element(STATE), 7)).toBe(false);
    expect(renderedForThisBrowser(element(STATE, '7'), undefined)).toBe(false);
    expect(renderedForThisBrowser(element(STATE, '7'), 8)).toBe(false);
    expect(renderedForThisBrowser(null, undefined)).toBe(false);
  });
});
