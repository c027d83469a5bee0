/** /orderView/{orderid} and /Admin/orderView/{orderid}: the same order screen as OrderDetails. */
export { default } from './OrderDetailsPage.tsx';
