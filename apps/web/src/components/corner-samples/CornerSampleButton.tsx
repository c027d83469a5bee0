import { Button, type ButtonProps } from '@mantine/core';
import { IconBorderCornerSquare, IconCopyCheck } from '@tabler/icons-react';
import { useSession } from '../../lib/session.ts';
import { useAddSamples, useSampleStatus } from './samples-api.ts';

/** "Order a corner sample" of one moulding (shown to a user who may order), with its price: Free or $x. */
export function CornerSampleButton({ code, ...props }: { code: string } & ButtonProps) {
  const { mayOrder } = useSession();
  const status = useSampleStatus();
  const add = useAddSamples();
  if (!mayOrder) return null;
  const price = status.data ? ` (${status.data.priceLabel})` : '';
  return (
    <Button
      variant="default"
      leftSection={<IconBorderCornerSquare size={18} aria-hidden />}
      loading={add.isPending}
      onClick={() => add.mutate({ codes: [code] })}
      {...props}
    >
      Order a corner sample{price}
    </Button>
  );
}

/** "Order a sample set": one corner of each moulding of a collection, up to the account's monthly limit. */
export function SampleSetButton({
  collection,
  name,
  ...props
}: { collection: number; name?: string } & ButtonProps) {
  const { mayOrder } = useSession();
  const status = useSampleStatus();
  const add = useAddSamples();
  if (!mayOrder) return null;
  const left = status.data?.left;
  return (
    <Button
      variant="light"
      leftSection={<IconCopyCheck size={18} aria-hidden />}
      loading={add.isPending}
      onClick={() => add.mutate({ collection })}
      aria-label={`Order a sample set of ${name ?? 'this collection'}`}
      title={left !== undefined ? `${left} corner samples left this month` : undefined}
      {...props}
    >
      Order a sample set
    </Button>
  );
}
