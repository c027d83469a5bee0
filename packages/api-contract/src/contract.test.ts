import { describe, expect, it } from 'vitest';
import { OrderListRequest } from './account-area.ts';
import { LoginRequest, TokenLoginRequest } from './auth.ts';
import { UpdateCartRequest } from './cart.ts';
import { CollectionsQuery, ProductsQuery, PublicProduct } from './catalogue.ts';

describe('request schemas', () => {
  it('products: filters arrive as JSON text and are checked; paging has bounds and defaults', () => {
    const q = ProductsQuery.parse({
      type: '4',
      filters: '{"collection":[133,"159"],"width":{"from":"1 1/2"}}',
    });
    expect(q).toMatchObject({
      type: 4,
      page: 1,
      items_per_page: 50,
      filters: { collection: [133, 159], width: { from: '1 1/2' } },
    });
    expect(ProductsQuery.safeParse({ filters: '{oops' }).success).toBe(false);
    expect(ProductsQuery.safeParse({ filters: '{"collection":"x"}' }).success).toBe(false);
    expect(ProductsQuery.safeParse({ items_per_page: '101' }).success).toBe(false);
    expect(ProductsQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ProductsQuery.parse({ filters: '' }).filters).toEqual({});
  });

  it('collections sort only by whitelisted columns, either case of direction', () => {
    expect(CollectionsQuery.parse({ orderDir: 'desc' })).toMatchObject({
      orderCol: 'name',
      orderDir: 'DESC',
      perPage: 1000,
    });
    expect(CollectionsQuery.safeParse({ orderCol: 'password' }).success).toBe(false);
  });

  it('orders list: page sizes 25/50/100/200/400, sort whitelist, real dates', () => {
    expect(OrderListRequest.parse({})).toMatchObject({
      page: 1,
      perPage: 25,
      orderCol: 'OrdDate',
      orderDir: 'desc',
    });
    for (const perPage of [25, 50, 100, 200, 400])
      expect(OrderListRequest.safeParse({ perPage }).success).toBe(true);
    expect(OrderListRequest.safeParse({ perPage: 30 }).success).toBe(false);
    expect(OrderListRequest.safeParse({ orderCol: 'Acctnum' }).success).toBe(false);
    expect(OrderListRequest.safeParse({ invDateFrom: '2026-02-30x' }).success).toBe(false);
    expect(OrderListRequest.safeParse({ invDateFrom: '' }).success).toBe(true);
  });

  it('sign-in: missing fields count as empty so the form messages answer them; tokenLogin body is optional', () => {
    expect(LoginRequest.parse({})).toEqual({ username: '', password: '' });
    expect(TokenLoginRequest.safeParse(null).success).toBe(true);
    expect(TokenLoginRequest.safeParse(undefined).success).toBe(true);
  });

  it('cart lines keep only inputs; a cart has at most 200 lines', () => {
    const parsed = UpdateCartRequest.parse({
      cartdata: [
        {
          Code: 'X',
          productSelection: { type: 'length', length: 10, location: 'C' },
          calc: { totalPrice: '0.01' },
        },
      ],
    });
    expect(parsed.cartdata[0]).not.toHaveProperty('calc');
    expect(
      UpdateCartRequest.safeParse({
        cartdata: Array.from({ length: 201 }, () => ({ Code: 'X', productSelection: {} })),
      }).success,
    ).toBe(false);
  });
});

describe('response schemas', () => {
  it('the public product shape drops prices and stock even when handed them', () => {
    const product = {
      Code: 'FER-133-0412',
      Description: 'd',
      display_name: 'n',
      FrameType: 'MOULDING',
      type: 4,
      category: null,
      Width: 2.25,
      width_display: '2 1/4',
      Height: null,
      rabbet: null,
      rabbet_display: '',
      ManufCode: null,
      fiLoc: null,
      collection_id: 133,
      collection_name: 'Ferrara',
      finish_name: null,
      style_name: null,
      color_family: null,
      profile_type: null,
      box_qty: 90,
      image: '/cdn/frames/FER-133-0412.jpg',
      Length: '4.25',
      stock: [{ Loc: 'C' }],
      available_here: 3,
    };
    const out = PublicProduct.parse(product);
    expect(out).not.toHaveProperty('Length');
    expect(out).not.toHaveProperty('stock');
    expect(out).not.toHaveProperty('available_here');
  });
});
