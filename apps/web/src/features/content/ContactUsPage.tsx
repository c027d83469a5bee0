import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CONTACT_LIMITS, contactMessages, formatPhone, validateContactForm } from '@mitrebox/domain';
import { IconAlertCircle, IconMail, IconMapPin, IconPhone, IconSend } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError } from '../../lib/api.ts';
import { telHref, useSiteInfo } from '../../lib/site.ts';
import { CaptchaField, type CaptchaHandle } from './CaptchaField.tsx';
import classes from './content.module.css';
import { useContactForm, useSendContact } from './content-api.ts';

const EMPTY = { name: '', email: '', phoneNumber: '', message: '' };

/** /contactUs: a message to customer service with a captcha (account-area §2, §5, §8). */
export default function ContactUsPage() {
  const info = useContactForm();
  const send = useSendContact();
  const site = useSiteInfo();
  const captchaRef = useRef<CaptchaHandle>(null);
  // a field's message goes as soon as that field is edited
  const form = useForm({
    initialValues: EMPTY,
    validate: validateContactForm,
  });
  const [recap, setRecap] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    if (!recap) {
      notifications.show({ color: 'red', message: contactMessages.checkCaptcha });
      return;
    }
    try {
      const answer = await send.mutateAsync({ ...values, recap, csrf: info.data?.csrf ?? '' });
      notifications.show({ color: 'green', message: answer.message });
      form.reset();
      captchaRef.current?.reset();
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      if (apiError?.errors && !apiError.errors.recap) form.setErrors(apiError.errors);
      if (apiError?.errors?.recap || apiError?.status === 403) {
        captchaRef.current?.reset();
        if (apiError.status === 403) void info.refetch();
      }
      notifications.show({ color: 'red', message: (err as Error).message });
    }
  });

  return (
    <Container size="lg" py={{ base: 'lg', md: 40 }}>
      <PageHeader
        eyebrow="Company"
        title="Contact Us"
        description="Questions about an order, a profile or an account? Send us a message and we will get back to you soon."
      />
      <div className={classes.contactGrid}>
        <Paper p={{ base: 'md', sm: 'xl' }} radius="md" withBorder>
          {info.isError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />}>
              The form could not be loaded. Please reload the page or call us.
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate aria-label="Contact customer service">
              <Stack gap="md">
                <div className={classes.twoCols}>
                  <TextInput
                    label="Name"
                    required
                    autoComplete="name"
                    maxLength={CONTACT_LIMITS.name}
                    {...form.getInputProps('name')}
                  />
                  <TextInput
                    label="Email"
                    required
                    type="email"
                    autoComplete="email"
                    maxLength={CONTACT_LIMITS.email}
                    {...form.getInputProps('email')}
                  />
                </div>
                <TextInput
                  label="Phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  placeholder="(123) 456-7890"
                  {...form.getInputProps('phoneNumber')}
                  onChange={(e) => form.setFieldValue('phoneNumber', formatPhone(e.currentTarget.value))}
                />
                <Textarea
                  label="Message"
                  required
                  autosize
                  minRows={5}
                  maxRows={14}
                  maxLength={CONTACT_LIMITS.message}
                  {...form.getInputProps('message')}
                />
                {info.data ? (
                  <CaptchaField ref={captchaRef} captcha={info.data.captcha} onChange={setRecap} />
                ) : (
                  <Skeleton height={64} />
                )}
                <Button
                  type="submit"
                  loading={send.isPending}
                  disabled={!info.data}
                  leftSection={<IconSend size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Send Message
                </Button>
              </Stack>
            </form>
          )}
        </Paper>
        <Paper p="xl" radius="md" withBorder component="aside" aria-labelledby="reach-us">
          <Title order={2} size="h4" id="reach-us" mb="md">
            Other ways to reach us
          </Title>
          <Stack gap="sm">
            <Text>
              <IconPhone size={16} aria-hidden style={{ verticalAlign: '-2px' }} />{' '}
              <Anchor href={telHref(site.phone)} fw={600}>
                {site.phone}
              </Anchor>
            </Text>
            <Text>
              <IconMapPin size={16} aria-hidden style={{ verticalAlign: '-2px' }} /> {site.companyName}
              <br />
              {site.addressLines.join(', ')}
            </Text>
            <Text c="dimmed" size="sm">
              <IconMail size={16} aria-hidden style={{ verticalAlign: '-2px' }} /> Monday to Friday, 7:30 am
              to 5:00 pm Central.
            </Text>
          </Stack>
        </Paper>
      </div>
    </Container>
  );
}
