import { Anchor, Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { accountMessage } from '@mitrebox/domain';
import { IconInfoCircle, IconPhone } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { telHref, useSiteInfo } from '../../lib/site.ts';
import classes from './AccountMsgPage.module.css';

/**
 * /accountMsg/{msg?}/{msgHeading?}: one of the shop's own account messages, chosen by key (credit hold:
 * /accountMsg/creditHold/accountInformation). Text in the URL is never shown, so a crafted link cannot put its own
 * words under the shop's name (docs/decisions/009-net-prices-in-listings.md).
 */
export default function AccountMsgPage() {
  const params = useParams();
  const { phone } = useSiteInfo();
  const { heading, message } = accountMessage(params.msg, params.msgHeading, phone);

  return (
    <Container size="sm" py={{ base: 'xl', md: 64 }}>
      <Paper className={classes.card} radius="md" shadow="sm">
        <ThemeIcon size={48} radius="xl" color="brass.4" c="walnut.9" aria-hidden>
          <IconInfoCircle size={28} />
        </ThemeIcon>
        <Title order={1} mt="md" className={classes.title}>
          {heading}
        </Title>
        {message ? (
          <Text size="lg" mt="sm" className={classes.message}>
            {message}
          </Text>
        ) : null}
        <Group mt="xl" gap="sm" justify="center">
          <Button component="a" href={telHref(phone)} leftSection={<IconPhone size={18} aria-hidden />}>
            Call {phone}
          </Button>
          <Button component={Link} to="/contactUs" variant="default">
            Contact Us
          </Button>
        </Group>
        <Anchor component={Link} to="/" mt="lg" display="inline-block" size="sm">
          Back to the home page
        </Anchor>
      </Paper>
    </Container>
  );
}
