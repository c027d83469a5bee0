import { Text, Title } from '@mantine/core';
import { SampleSetButton } from '../../components/corner-samples/index.ts';
import classes from './ShopPage.module.css';

/**
 * The shop's title; in frame-builder mode it says a moulding is being chosen. Filtered to one collection, a buyer
 * may order its sample set (a corner of each moulding in it).
 */
export function ShopHeader({
  frameBuilder,
  sampleSet = null,
}: {
  frameBuilder: boolean;
  sampleSet?: { id: number; name?: string } | null;
}) {
  return (
    <header className={classes.head}>
      <div className={classes.headText}>
        <Text className={classes.eyebrow}>
          {frameBuilder ? 'Frame Builder · choose a moulding' : 'Catalogue'}
        </Text>
        <Title order={1} className={classes.title}>
          Shop
        </Title>
      </div>
      {sampleSet ? <SampleSetButton collection={sampleSet.id} name={sampleSet.name} size="sm" /> : null}
    </header>
  );
}
