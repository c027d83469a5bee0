import { Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import classes from './ShopPage.module.css';

/**
 * The filters beside the results on a wide screen. `desktop` null is the server's render, which does not know
 * the width: the stylesheet shows the sidebar only on a wide screen, and the groups are left to the browser.
 */
export function FilterSidebar(props: {
  desktop: boolean | null;
  filterCount: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const { desktop } = props;
  return (
    <aside className={cx(classes.sidebar, desktop === null && classes.wideOnly)} aria-label="Filters">
      <div className={classes.sidebarHead}>
        <Text className={classes.sidebarTitle}>Filters</Text>
        {props.filterCount > 0 ? (
          <Button variant="subtle" size="compact-sm" onClick={props.onClear}>
            Clear all
          </Button>
        ) : null}
      </div>
      {/* the server's render leaves the filter groups to the browser (a phone does not show them) */}
      {desktop === null ? null : props.children}
    </aside>
  );
}
