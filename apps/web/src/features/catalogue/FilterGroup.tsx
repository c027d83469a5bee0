import { Accordion, Checkbox, ScrollArea, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './FilterPanel.module.css';

/** One group of the filter panel: a titled accordion item, with the number of its filters set. */
export function FilterGroup({
  value,
  title,
  count,
  children,
}: {
  value: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value} className={classes.item}>
      <Accordion.Control className={classes.control}>
        <span className={classes.groupTitle}>
          {title}
          {count ? <span className={classes.groupCount}>{count}</span> : null}
        </span>
      </Accordion.Control>
      <Accordion.Panel>{children}</Accordion.Panel>
    </Accordion.Item>
  );
}

export interface Facet<T extends string | number> {
  value: T;
  name: string;
  count: number;
}

/** A group of checkboxes with their counts (placeholders until the counts load). */
export function FacetGroup<T extends string | number>(props: {
  value: string;
  title: string;
  testId: string;
  /** Undefined while the filter counts load. */
  items: Facet<T>[] | undefined;
  selected: T[];
  onToggle: (value: T, on: boolean) => void;
}) {
  return (
    <FilterGroup value={props.value} title={props.title} count={props.selected.length}>
      {props.items ? (
        <FacetList
          testId={props.testId}
          items={props.items}
          selected={props.selected}
          onToggle={props.onToggle}
        />
      ) : (
        <FacetSkeleton />
      )}
    </FilterGroup>
  );
}

function FacetLabel({ name, count }: { name: string; count: number }) {
  return (
    <span className={classes.facetLabel}>
      <span className={classes.facetName}>{name}</span>
      <span className={classes.count}>
        {count}
        <VisuallyHidden> products</VisuallyHidden>
      </span>
    </span>
  );
}

/** The checkboxes of a group; one with no products is disabled unless it is ticked. */
export function FacetList<T extends string | number>({
  items,
  selected,
  onToggle,
  maxHeight = 260,
  testId,
}: {
  items: Facet<T>[];
  selected: T[];
  onToggle: (value: T, on: boolean) => void;
  maxHeight?: number;
  testId: string;
}) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None for these filters.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars className={classes.scroll}>
      <Stack gap={6} data-testid={testId} className={classes.facetList}>
        {items.map((item) => (
          <Checkbox
            key={String(item.value)}
            size="sm"
            checked={selected.includes(item.value)}
            onChange={(e) => onToggle(item.value, e.currentTarget.checked)}
            label={<FacetLabel name={item.name} count={item.count} />}
            classNames={{
              body: classes.checkboxBody,
              labelWrapper: classes.checkboxLabelWrapper,
              label: classes.checkboxLabel,
            }}
            disabled={item.count === 0 && !selected.includes(item.value)}
          />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

export function FacetSkeleton() {
  return (
    <Stack gap={8} aria-hidden>
      {[70, 55, 80, 62, 48].map((w) => (
        <Skeleton key={w} height={16} width={`${w}%`} />
      ))}
    </Stack>
  );
}
