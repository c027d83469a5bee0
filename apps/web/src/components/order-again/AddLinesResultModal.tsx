import { Badge, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { AddLinesResponse } from '@mitrebox/api-contract';
import { describeChange } from '@mitrebox/domain';
import { Link } from 'react-router';

type Line = AddLinesResponse['lines'][number];

const OUTCOME: Record<Line['outcome'], { label: string; color: string }> = {
  added: { label: 'Added', color: 'green' },
  noLongerSold: { label: 'No longer sold', color: 'gray' },
  refused: { label: 'Not added', color: 'red' },
};

function ChangeText({ change }: { change: Line['changes'][number] }) {
  const arrow = change.kind === 'priceUp' ? '▲ ' : change.kind === 'priceDown' ? '▼ ' : '';
  const color = change.kind === 'priceUp' ? 'red.8' : change.kind === 'priceDown' ? 'green.8' : 'orange.9';
  return (
    <Text size="sm" c={color}>
      {arrow}
      {describeChange(change)}
    </Text>
  );
}

/**
 * What became of each line put into the cart again (order again, a standing list): added as it was, added with
 * a change (price up or down, short in its warehouse), or not added (no longer sold, refused by the cart's rules).
 */
export function AddLinesResultModal({
  result,
  onClose,
  title = 'Order again',
}: {
  result: AddLinesResponse | null;
  onClose: () => void;
  title?: string;
}) {
  return (
    <Modal opened={result !== null} onClose={onClose} title={title} size="lg">
      {result && (
        <Stack gap="sm">
          <Text>
            {result.added === 0
              ? 'Nothing was added to your cart.'
              : `${result.added} ${result.added === 1 ? 'line was' : 'lines were'} added to your cart at today's prices.`}
            {result.notAdded > 0 && ` ${result.notAdded} could not be added.`}
          </Text>
          <List listStyleType="none" spacing="xs" aria-label="Lines">
            {result.lines
              .map((line, n) => ({ line, key: `${n}` }))
              .map(({ line, key }) => (
                <List.Item key={key}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge color={OUTCOME[line.outcome].color} variant="light" style={{ flexShrink: 0 }}>
                      {OUTCOME[line.outcome].label}
                    </Badge>
                    <div>
                      <Text size="sm" fw={600}>
                        {line.Code}{' '}
                        {line.Description && (
                          <Text span size="sm" fw={400}>
                            {line.Description}
                          </Text>
                        )}
                      </Text>
                      {line.asked && (
                        <Text size="sm" c="dimmed">
                          {line.asked}
                        </Text>
                      )}
                      {line.changes.length === 0 && line.outcome === 'added' && (
                        <Text size="sm">Same price, in stock</Text>
                      )}
                      {line.changes.map((c) => (
                        <ChangeText key={c.kind} change={c} />
                      ))}
                      {line.message && (
                        <Text size="sm" c={line.outcome === 'noLongerSold' ? 'dimmed' : 'red.8'}>
                          {line.message}
                        </Text>
                      )}
                    </div>
                  </Group>
                </List.Item>
              ))}
          </List>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {result.added > 0 && (
              <Button component={Link} to="/Cart" onClick={onClose}>
                Go to cart
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
