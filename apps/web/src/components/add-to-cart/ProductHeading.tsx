import { Box, Group, Image, Text } from '@mantine/core';
import type { AccountProduct } from '@mitrebox/api-contract';
import { useState } from 'react';
import classes from './AddToCartDialog.module.css';
import { isMoulding } from './selection.ts';

/** The product being added: its picture (an empty square if it fails to load), code, name and width. */
export function ProductHeading({ product }: { product: AccountProduct }) {
  const [imageOk, setImageOk] = useState(true);
  return (
    <Group gap="md" wrap="nowrap" align="center" className={classes.product}>
      {imageOk ? (
        <Image
          src={product.image}
          alt=""
          w={64}
          h={64}
          radius="sm"
          fit="cover"
          onError={() => setImageOk(false)}
          className={classes.thumb}
        />
      ) : (
        <Box w={64} h={64} className={classes.thumb} aria-hidden />
      )}
      <Box miw={0}>
        <Text fw={700} className={classes.code}>
          {product.Code}
        </Text>
        <Text size="sm" lineClamp={2}>
          {product.display_name || product.Description}
        </Text>
        {isMoulding(product) && product.width_display ? (
          <Text size="xs" c="dimmed">
            {product.width_display}" wide{product.box_qty > 0 ? ` · box of ${product.box_qty} ft` : ''}
          </Text>
        ) : null}
      </Box>
    </Group>
  );
}
