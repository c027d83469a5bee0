import { ActionIcon, Button, Loader, Modal, Table, Text } from '@mantine/core';
import type { SavedFrame } from '@mitrebox/api-contract';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumericDate } from '../../lib/format.ts';
import { deleteSavedFrame, useSavedFrames } from './frames-api.ts';

interface SavedFramesModalProps {
  opened: boolean;
  onClose: () => void;
  onLoad: (frame: SavedFrame) => void;
}

/** The Saved Frames table: id, name, date, delete; a row's Open loads the design. */
export function SavedFramesModal({ opened, onClose, onLoad }: SavedFramesModalProps) {
  const list = useSavedFrames(opened);
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<number | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Saved Frames" size="lg">
      {list.isLoading ? <Loader size="sm" /> : null}
      {list.data && list.data.data.length === 0 ? (
        <Text c="dimmed">You have no saved frames yet.</Text>
      ) : null}
      {list.data?.data.length ? (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>{f.id}</Table.Td>
                  <Table.Td>{f.name}</Table.Td>
                  <Table.Td>{formatNumericDate(f.fdate)}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => onLoad(f)} aria-label={`Open ${f.name}`}>
                      Open
                    </Button>{' '}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${f.name}`}
                      loading={deleting === f.id}
                      onClick={async () => {
                        setDeleting(f.id);
                        try {
                          await deleteSavedFrame(f.id);
                          await client.invalidateQueries({ queryKey: ['frames', 'saved'] });
                        } finally {
                          setDeleting(null);
                        }
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Modal>
  );
}
