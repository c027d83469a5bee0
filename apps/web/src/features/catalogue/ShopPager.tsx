import { Button, Text } from '@mantine/core';
import { formatCount } from '../../lib/format.ts';
import classes from './ShopPage.module.css';

/** Below the results: how many are shown of how many, MORE while there are more, and a failed page's message. */
export function ShopPager(props: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  if (props.shown === 0) return null;
  return (
    <div className={classes.more}>
      <Text size="sm" c="dimmed" aria-live="polite">
        Showing {formatCount(props.shown)} of {formatCount(props.total)}
      </Text>
      {props.hasMore ? (
        <Button
          variant="outline"
          size="md"
          onClick={props.onMore}
          loading={props.loading}
          loaderProps={{ type: 'dots' }}
          className={classes.moreButton}
        >
          MORE
        </Button>
      ) : null}
      {props.failed ? (
        <Text size="sm" c="red.7">
          The next page could not be loaded. Press MORE to try again.
        </Text>
      ) : null}
    </div>
  );
}
