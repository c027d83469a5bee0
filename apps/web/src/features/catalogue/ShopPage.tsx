import { useLocation, useParams, useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';
import { productTypeName } from '../../lib/product-types.ts';

/** /Shop, /Shop/{code}, /Shop/{code}/Y and /shop?nameSearch=… — the catalogue. */
export default function ShopPage() {
  const { code } = useParams();
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  const nameSearch = query.get('nameSearch');
  const type = productTypeName(query.get('type'));
  const addToCart = /\/y\/?$/i.test(pathname);

  let description =
    'Browse mouldings, mats, glass, fillets and hardware with filters for collection, width and finish.';
  if (code) {
    description = addToCart
      ? `Product ${code} opens here with its add-to-cart dialog.`
      : `Product ${code} opens here with its details.`;
  } else if (nameSearch) {
    description = `Results for “${nameSearch}”${type ? ` in ${type}` : ''} will be listed here.`;
  }
  return (
    <PlaceholderPage eyebrow="Shop" title={code ? `Shop · ${code}` : 'Shop'} description={description} />
  );
}
