import { Accordion, Anchor, Button, List, Modal, Stack, Text } from '@mantine/core';
import { DialogActions } from '../../../components/dialog-actions';

type TermsModalProps = {
  opened: boolean;
  onClose: () => void;
  /** Ticks the sign-up page's acceptance box. */
  onAccept: () => void;
};

/** The Terms & Conditions shown from the sign-up page (spec 01 sections 2.6, 2.12 and 9). */
export function TermsModal({ opened, onClose, onAccept }: TermsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Terms & Conditions" size="lg" centered>
      <Stack gap="md">
        <Accordion variant="separated" defaultValue="terms">
          <Accordion.Item value="terms">
            <Accordion.Control>Terms</Accordion.Control>
            <Accordion.Panel>
              <List size="sm" spacing={6}>
                <List.Item>
                  PG e-Logbook is an electronic logbook for postgraduate (MD/MS) medical training. You are
                  responsible for the accuracy of every entry you record.
                </List.Item>
                <List.Item>
                  A subscription is a one-time payment that covers 3 years of use from activation.
                </List.Item>
                <List.Item>
                  A refund may be requested within 5 days of payment; approved refunds are credited in 5 to 8
                  business days. No refund is given once the account has been activated.
                </List.Item>
                <List.Item>
                  Keep your password secret; you are responsible for activity on your account.
                </List.Item>
              </List>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="disclaimer">
            <Accordion.Control>Legal Disclaimer</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">
                PG e-Logbook follows the published guidelines for postgraduate medical education in India but
                is not affiliated with, endorsed by or acting for the National Medical Commission. These terms
                are governed by the laws of India; any dispute that cannot be settled amicably within 30 days
                is referred to arbitration with its seat in New Delhi.
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="privacy">
            <Accordion.Control>Privacy</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">
                We collect only what the logbook needs: your name, contact details, college, department,
                course and the records you enter. Your data is visible to you and to the faculty of your
                department who verify your work. We do not sell your data; patient documents are served only
                to authorised users.
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="contact">
            <Accordion.Control>Contact</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">
                Questions about these terms, refunds or your data: use the inquiry form on our website or
                write to <Anchor href="mailto:support@pg-elogbook.in">support@pg-elogbook.in</Anchor>.
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <DialogActions>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={() => {
              onAccept();
              onClose();
            }}
          >
            I Accept
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
