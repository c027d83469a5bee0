import { Alert, Avatar, Button, Container, Group, Modal, Paper, Skeleton, Text, Title } from '@mantine/core';
import type { Career } from '@mitrebox/api-contract';
import { jobInitials } from '@mitrebox/domain';
import { IconAlertCircle, IconBriefcase } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import classes from './content.module.css';
import { careersQuery, useCareers } from './content-api.ts';

/** The first data (the route's loader and the server's render: ADR 013): the open positions. */
export function prefetch(client: QueryClient): Promise<unknown> {
  return client.prefetchQuery(careersQuery);
}

/** /careers: open positions with heading, subject and an initials badge; 'More Information' opens the description. */
export default function CareersPage() {
  const careers = useCareers();
  const [open, setOpen] = useState<Career | null>(null);

  return (
    <Container size="lg" py={{ base: 'lg', md: 40 }}>
      <PageHeader
        eyebrow="Company"
        title="Careers"
        description="Join the people who cut, join and ship frames for shops across the country."
      />
      {careers.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          The open positions could not be loaded. Please try again later.
        </Alert>
      ) : null}
      {careers.isPending ? (
        <div className={classes.jobs} role="status" aria-busy="true" aria-label="Loading positions">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={150} radius="md" />
          ))}
        </div>
      ) : null}
      {careers.data && careers.data.length === 0 ? (
        <Alert color="linen" icon={<IconBriefcase size={18} />}>
          There are no open positions right now. Please check back soon.
        </Alert>
      ) : null}
      {careers.data && careers.data.length > 0 ? (
        <ul className={classes.jobs} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {careers.data.map((job) => (
            <li key={job.id}>
              <Paper className={classes.job} p="lg" radius="md" withBorder h="100%">
                <Group wrap="nowrap" align="flex-start">
                  <Avatar radius="xl" size={48} classNames={{ placeholder: classes.badge }} aria-hidden>
                    {jobInitials(job.job_heading)}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Title order={2} size="h4">
                      {job.job_heading}
                    </Title>
                    <Text c="dimmed" size="sm">
                      {job.job_subject}
                    </Text>
                  </div>
                </Group>
                <Button
                  variant="light"
                  mt="auto"
                  onClick={() => setOpen(job)}
                  aria-label={`More Information: ${job.job_heading}`}
                >
                  More Information
                </Button>
              </Paper>
            </li>
          ))}
        </ul>
      ) : null}

      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.job_heading}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open ? (
          <>
            <Text fw={600} mb="sm">
              {open.job_subject}
            </Text>
            <Text className={classes.description}>{open.job_description}</Text>
            <Text mt="lg" size="sm" c="dimmed">
              To apply, send your résumé through the Contact Us page or call customer service.
            </Text>
          </>
        ) : null}
      </Modal>
    </Container>
  );
}
