import type { RouteContract, RouteKey } from '../route.ts';
import { cartContract } from './cart.ts';
import { dealersContract } from './dealers.ts';
import { framesContract } from './frames.ts';
import { ordersContract } from './orders.ts';

/**
 * The route table of the API, by area: the server registers each route from it and the web app's client calls
 * it, so a path, a request and an answer are checked by the compiler on both sides.
 */
export const contract = {
  cart: cartContract,
  orders: ordersContract,
  frames: framesContract,
  dealers: dealersContract,
};

type Areas = typeof contract;
type AnyRoute = { [A in keyof Areas]: Areas[A][keyof Areas[A]] }[keyof Areas];

/**
 * Every route by its key (`'POST /api/updateCart'`). The web app's client reads only this type: a call names its
 * route by the key, so the browser gets the paths without the schemas (and zod) in its bundle.
 */
export type ContractRoutes = { [R in AnyRoute as R extends RouteContract ? RouteKey<R> : never]: R };
