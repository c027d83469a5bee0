import { Anchor, Button, Container, List, Paper, Text, Title } from '@mantine/core';
import { IconDownload, IconPhone } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSiteInfo } from '../../lib/site.ts';
import { useNewAccountInfo } from './content-api.ts';

const FORM_URL = '/api/newAccount/application.pdf';

/** /newAccount: download the application, fill it in and e-mail it to the orders address (account-area §2). */
export default function NewAccountPage() {
  const info = useNewAccountInfo();
  const site = useSiteInfo();
  const email = info.data?.ordersEmail;
  return (
    <Container size="md" py={{ base: 'lg', md: 40 }}>
      <PageHeader
        eyebrow="Trade accounts"
        title="New Account"
        description="We sell to picture-framing businesses. Apply for a trade account in three steps."
      />
      <Paper p={{ base: 'md', sm: 'xl' }} radius="md" withBorder>
        <Title order={2} size="h3" mb="md">
          Apply for a trade account
        </Title>
        <List type="ordered" spacing="sm" mb="xl">
          <List.Item>Download the application form below (a PDF you can fill in on screen).</List.Item>
          <List.Item>
            Fill in your business details, trade references and preferred warehouse, and save it.
          </List.Item>
          <List.Item>
            E-mail it to our orders desk at{' '}
            {email ? (
              <Anchor
                href={`mailto:${email}?subject=${encodeURIComponent('New account application')}`}
                fw={600}
              >
                {email}
              </Anchor>
            ) : (
              'our orders address'
            )}
            .
          </List.Item>
        </List>
        <Button
          component="a"
          href={info.data?.formUrl ?? FORM_URL}
          download="mitrebox-account-application.pdf"
          size="md"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          Download
        </Button>
        <Text mt="xl" c="dimmed" size="sm">
          <IconPhone size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> Questions about opening an
          account? Call customer service at {site.phone}.
        </Text>
      </Paper>
    </Container>
  );
}
