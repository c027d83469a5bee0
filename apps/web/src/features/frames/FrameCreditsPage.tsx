import { Anchor, Container, Loader, Table } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePresetCredits } from './frames-api.ts';

/** Who took the photographs the Frame Creator offers, under which licence, from which Debian package. */
export default function FrameCreditsPage() {
  const credits = usePresetCredits();
  return (
    <Container size="lg" py="lg">
      <PageHeader
        eyebrow="Frame Creator"
        title="Photograph credits"
        description={
          <>
            The sample photographs come from Debian's wallpaper packages, each under the licence named here.{' '}
            <Anchor component={Link} to="/FrameBuilder" td="underline">
              Back to the Frame Creator
            </Anchor>
          </>
        }
      />
      {credits.isLoading ? <Loader size="sm" /> : null}
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Photograph</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Author</Table.Th>
              <Table.Th>Licence</Table.Th>
              <Table.Th>Source</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(credits.data ?? []).map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.title}</Table.Td>
                <Table.Td>{c.category}</Table.Td>
                <Table.Td>{c.author}</Table.Td>
                <Table.Td>{c.licence}</Table.Td>
                <Table.Td>{c.source}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Container>
  );
}
