import { ActionIcon, Alert, Anchor, Popover, Text } from '@mantine/core';
import { partPaidNotice } from '@mitrebox/domain';
import { IconInfoCircle, IconPhone } from '@tabler/icons-react';
import { telHref, useSiteInfo } from '../../lib/site.ts';

/**
 * Why a part-paid invoice (paystatus 3) has no working Pay button and what to do (issue 31): the balance and
 * the customer-service number to call, from the site's settings. Nothing for any other invoice.
 */
export function PartPaidNotice({
  paystatus,
  balance,
  compact = false,
}: {
  paystatus: number | null | undefined;
  balance: string | null | undefined;
  /** A line for a list's status cell instead of an alert. */
  compact?: boolean;
}) {
  const site = useSiteInfo();
  const text = partPaidNotice(paystatus, balance, site.phone);
  if (!text) return null;
  // the number is kept on one line
  const at = text.lastIndexOf(site.phone);
  const [before, after] = [text.slice(0, at), text.slice(at + site.phone.length)];
  if (compact)
    return (
      <Text size="xs" c="dimmed" component="span" display="block" data-testid="part-paid-note">
        {before}
        <Anchor href={telHref(site.phone)} size="xs" fw={600} inherit style={{ whiteSpace: 'nowrap' }}>
          {site.phone}
        </Anchor>
        {after}
      </Text>
    );
  return (
    <Alert
      color="pink"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title="Part paid"
      id="part-paid-reason"
      data-testid="part-paid-notice"
    >
      {before}
      <span style={{ whiteSpace: 'nowrap' }}>{site.phone}</span>
      {after}{' '}
      <Anchor href={telHref(site.phone)} fw={700} inherit style={{ whiteSpace: 'nowrap' }}>
        <IconPhone size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> Call {site.phone}
      </Anchor>
    </Alert>
  );
}

/**
 * PartPaidNotice for a list's row, where a payable row has its checkbox: an info button that opens the notice
 * (the row keeps one line, and the table one row per order).
 */
export function PartPaidHint({
  paystatus,
  balance,
}: {
  paystatus: number | null | undefined;
  balance: string | null | undefined;
}) {
  const site = useSiteInfo();
  if (!partPaidNotice(paystatus, balance, site.phone)) return null;
  return (
    <Popover width={260} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="pink"
          size="sm"
          aria-label="Part paid: why it cannot be paid here"
        >
          <IconInfoCircle size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <PartPaidNotice paystatus={paystatus} balance={balance} compact />
      </Popover.Dropdown>
    </Popover>
  );
}
