import { Alert, Button, Group, Modal } from '@mantine/core';
import { messages } from '@mitrebox/domain';
import { IconAlertCircle, IconPhone } from '@tabler/icons-react';
import { telHref, useSiteInfo } from '../../lib/site.ts';
import classes from './ShopPage.module.css';

/** Ordering is not available to this account: who to call, or keep browsing. */
export function CannotBuyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const site = useSiteInfo();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Ordering is not available"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      classNames={{ title: classes.modalTitle }}
    >
      <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="cannot-buy">
        {messages.purchaseBlocked(site.phone)}
      </Alert>
      <Group justify="flex-end" mt="md" gap="sm">
        <Button
          component="a"
          href={telHref(site.phone)}
          variant="default"
          leftSection={<IconPhone size={16} />}
        >
          Call {site.phone}
        </Button>
        <Button onClick={onClose}>Keep browsing</Button>
      </Group>
    </Modal>
  );
}
