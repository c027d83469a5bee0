import { Alert, Anchor, Button, Container, Loader, Skeleton, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages, SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '@mitrebox/domain';
import { IconAlertCircle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AddToCartDialog } from '../../components/add-to-cart/AddToCartDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { useSession } from '../../lib/session.ts';
import { isAccountProduct, type ShopProduct, useProductSearch } from './catalogue-api.ts';
import { NetPrice } from './NetPrice.tsx';
import { NOT_STOCKED_HERE } from './ProductCard.tsx';
import classes from './ProductSearchPage.module.css';
import { collectionLine, mouldingWidth, productTitle } from './product-info.ts';

const count = new Intl.NumberFormat('en-US');

/** /productSearch: a simple search list, each result with Add To Cart (signed-in buyers). ?q= holds the text. */
export default function ProductSearchPage() {
  const { text, setText, searchText, submit } = useSearchText();
  const { mayOrder: canBuy } = useSession();
  const [cartCode, setCartCode] = useState<string | null>(null);
  const results = useProductSearch(searchText);

  return (
    <Container size="lg" py={{ base: 'lg', md: 40 }}>
      <PageHeader eyebrow="Shop" title="Product Search" />
      <SearchField text={text} onChange={setText} onSubmit={submit} busy={results.isFetching} />

      {!searchText ? (
        <Text c="dimmed" mt="lg">
          Type a moulding name, a finish or an item # — results appear as you type.
        </Text>
      ) : null}

      {results.isError ? (
        <Alert color="red" mt="lg" icon={<IconAlertCircle size={18} />}>
          {(results.error as Error).message}
        </Alert>
      ) : null}

      {searchText && results.isPending ? <ResultsSkeleton /> : null}

      {searchText && results.data ? (
        <SearchResults results={results} onAdd={canBuy ? setCartCode : undefined} />
      ) : null}

      {canBuy ? (
        <AddToCartDialog code={cartCode} opened={cartCode !== null} onClose={() => setCartCode(null)} />
      ) : null}
    </Container>
  );
}

/**
 * The search text of the field and of the URL (?q=): Back and Forward set the field; settled typing goes to the
 * URL (replacing, so typing does not fill the history), and only a change of the settled text does, so that Back is
 * never undone by a late debounce. `searchText` is what is searched: the URL's.
 */
function useSearchText() {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('q') ?? '';
  const [text, setText] = useState(fromUrl);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => setText(fromUrl), [fromUrl]);
  const urlText = useRef(fromUrl);
  urlText.current = fromUrl;
  const settled = useRef(debounced);
  useEffect(() => {
    if (debounced === settled.current) return;
    settled.current = debounced;
    if (debounced !== urlText.current.trim()) setParams(debounced ? { q: debounced } : {}, { replace: true });
  }, [debounced, setParams]);

  const submit = () => {
    const t = text.trim();
    setParams(t ? { q: t } : {}, { replace: true });
  };
  return { text, setText, searchText: fromUrl.trim(), submit };
}

function SearchField(props: {
  text: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  return (
    <search aria-label="Products">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
        className={classes.form}
      >
        <TextInput
          size="lg"
          type="search"
          enterKeyHint="search"
          aria-label={messages.search.placeholder}
          placeholder={messages.search.placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          leftSection={<IconSearch size={20} aria-hidden />}
          rightSection={props.busy ? <Loader size={18} /> : null}
          value={props.text}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          autoFocus
        />
      </form>
    </search>
  );
}

function ResultsSkeleton() {
  return (
    <ul className={classes.list} aria-busy="true" aria-label="Loading results">
      {[1, 2, 3, 4].map((i) => (
        <li key={i} className={classes.row}>
          <Skeleton className={classes.thumb} height={72} width={72} />
          <div style={{ flex: 1 }}>
            <Skeleton height={14} width="30%" />
            <Skeleton height={14} width="70%" mt={8} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The total, the results and MORE. `onAdd`: Add To Cart on each result (a buyer who may buy). */
function SearchResults(props: {
  results: ReturnType<typeof useProductSearch>;
  onAdd: ((code: string) => void) | undefined;
}) {
  const { results, onAdd } = props;
  const items = useMemo(() => results.data?.pages.flatMap((p) => p.data) ?? [], [results.data]);
  const total = results.data?.pages[0]?.total ?? 0;
  // the total of a search matching thousands is estimated by the server, and said to be
  // (docs/decisions/018-catalogue-speed-uncached.md)
  const estimated = Boolean(results.data?.pages[0]?.total_estimated);
  return (
    <>
      <Text className={classes.total} mt="lg" aria-live="polite" data-testid="total-results">
        {total === 0
          ? messages.search.nothingFound
          : `Total Results ${estimated ? 'about ' : ''}${count.format(total)}`}
      </Text>
      <ul className={classes.list} aria-label="Search results">
        {items.map((p) => (
          <SearchResult key={p.Code} product={p} onAdd={onAdd} />
        ))}
      </ul>
      {results.hasNextPage ? (
        <Button
          variant="outline"
          mt="lg"
          display="block"
          mx="auto"
          loading={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        >
          MORE
        </Button>
      ) : null}
    </>
  );
}

function SearchResult({
  product: p,
  onAdd,
}: {
  product: ShopProduct;
  onAdd: ((code: string) => void) | undefined;
}) {
  const account = isAccountProduct(p) ? p : null;
  const width = mouldingWidth(p);
  const detail = `/productDetail/${encodeURIComponent(p.Code)}`;
  return (
    <li className={classes.row} data-testid="search-result">
      <Link to={detail} className={classes.thumbLink} tabIndex={-1} aria-hidden>
        <ProductImage src={p.image} alt="" className={classes.thumb} size={144} />
      </Link>
      <div className={classes.text}>
        <div className={classes.codeLine}>
          <Anchor component={Link} to={detail} className={classes.code}>
            {p.Code}
          </Anchor>
          {width ? <span className={classes.width}>{width}</span> : null}
        </div>
        <Text className={classes.name}>{productTitle(p)}</Text>
        {collectionLine(p) ? (
          <Text size="xs" c="dimmed">
            {collectionLine(p)}
          </Text>
        ) : null}
        {account ? <NetPrice product={account} /> : null}
        {account && !account.stocked_here ? (
          <Text size="xs" fw={600} c="red.7">
            {NOT_STOCKED_HERE}
          </Text>
        ) : null}
      </div>
      {onAdd ? (
        <Button
          size="sm"
          className={classes.add}
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onAdd(p.Code)}
          aria-label={`Add To Cart: ${p.Code}`}
        >
          Add To Cart
        </Button>
      ) : null}
    </li>
  );
}
