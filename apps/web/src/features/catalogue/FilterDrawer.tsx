import { Button, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format.ts';
import classes from './ShopPage.module.css';

/** The phone's filters: a drawer from the left with Clear all and Show results. */
export function FilterDrawer(props: {
  opened: boolean;
  filterCount: number;
  /** The total is not yet known (first page loading or refreshing): the button says Show results. */
  counting: boolean;
  total: number;
  onClose: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title="Filters"
      position="left"
      size="min(23rem, 92vw)"
      padding="md"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
      classNames={{ title: classes.drawerTitle, body: classes.drawerBody }}
    >
      <div className={classes.drawerPanel}>{props.children}</div>
      <div className={classes.drawerFooter}>
        <Button variant="default" onClick={props.onClear} disabled={props.filterCount === 0}>
          Clear all
        </Button>
        <Button onClick={props.onClose} className={classes.drawerShow}>
          {props.counting ? 'Show results' : `Show ${formatCount(props.total)} results`}
        </Button>
      </div>
    </Drawer>
  );
}
