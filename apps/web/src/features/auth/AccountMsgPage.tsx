import { Anchor, Button, Container, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInfoCircle, IconPhone } from '@tabler/icons-react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { telHref, useSiteInfo } from '../../lib/site.ts';
import classes from './AccountMsgPage.module.css';

function pick(...values: unknown[]): string {
  for (const v of values) if (typeof v === 'string' && v.trim()) return v;
  return '';
}

/** /accountMsg/{msg?}/{msgHeading?}: a heading and message passed in by path, query or navigation state. */
export default function AccountMsgPage() {
  const params = useParams();
  const [query] = useSearchParams();
  const state = (useLocation().state ?? {}) as { msg?: unknown; msgHeading?: unknown };
  const heading = pick(params.msgHeading, query.get('msgHeading'), state.msgHeading) || 'Account Information';
  const message = pick(params.msg, query.get('msg'), state.msg);
  const { phone } = useSiteInfo();

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
