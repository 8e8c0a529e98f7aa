import { toast } from '@purchasing/ui';
import { Flex, Theme, type ThemeProps } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { ApprovalQueueScreen } from '../ApprovalQueueScreen';
import type { PurchasingCssVariables } from '../kit/themeVariables';
import { RequisitionDetailScreen } from '../RequisitionDetailScreen';
import { handlers } from '../test/handlers';
import { buildRequisition, createRequisitionApi, defaultRequisitions } from '../test/requisitionHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { atPhoneSize } from '../test/storyViewports';
import { backgroundBehind, contrast, luminance, px, resolveToken } from './themeProbe';

/** What a host sets on its Radix `<Theme>`, plus our CSS variables on the same element. */
type ThemingArgs = Pick<ThemeProps, 'appearance' | 'accentColor' | 'grayColor' | 'radius' | 'scaling'> & {
  variables?: PurchasingCssVariables;
};

/** REQ-2026-00002: under review, with an open step of the signed-in approver and an attachment. */
const underReview = buildRequisition(2);

const meta = {
  title: 'Embedding/Theming',
  args: { appearance: 'light', accentColor: 'indigo', grayColor: 'slate', radius: 'medium', scaling: '100%' },
  argTypes: {
    appearance: { control: 'inline-radio', options: ['light', 'dark'] },
    accentColor: {
      control: 'select',
      options: ['indigo', 'iris', 'violet', 'purple', 'plum', 'blue', 'amber'],
    },
    grayColor: { control: 'select', options: ['slate', 'mauve', 'sage', 'olive', 'sand', 'gray'] },
    radius: { control: 'inline-radio', options: ['none', 'small', 'medium', 'large', 'full'] },
    scaling: { control: 'inline-radio', options: ['90%', '95%', '100%', '105%', '110%'] },
  },
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [...createRequisitionApi(defaultRequisitions()).handlers, ...handlers] },
  },
  // The host's own <Theme> around the screens, nested in Storybook's (indigo, slate, medium, light) as a
  // portal's theme would be: the screens must follow the nearest one.
  render: ({ variables, ...theme }) => (
    <Theme {...theme} hasBackground data-testid="host-theme" style={variables as CSSProperties}>
      <StoryProviders signedIn>
        <Flex direction="column" gap="8" p={{ initial: '3', sm: '5' }}>
          <ApprovalQueueScreen />
          <RequisitionDetailScreen requisitionId={underReview.id} />
        </Flex>
      </StoryProviders>
    </Theme>
  ),
} satisfies Meta<ThemingArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The loaded screens: the host theme, the queue's primary link and the detail's primary button. */
async function loaded(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const host = canvas.getByTestId('host-theme');
  const [reviewLink] = await canvas.findAllByRole('link', { name: /Review & Approve/ }, { timeout: 10_000 });
  const reviewButton = await canvas.findByRole('button', { name: 'Review' }, { timeout: 10_000 });
  const heading = canvas.getByRole('heading', { level: 1, name: underReview.requisition_number });
  const workflow = canvas.getByRole('list', { name: 'Approval workflow' });
  return { canvas, host, reviewLink: reviewLink as HTMLElement, reviewButton, heading, workflow };
}

/** The light theme the stories nest in: what a screen would show if it ignored the host's theme. */
function outerTheme(host: HTMLElement): Element {
  return host.parentElement?.closest('.radix-themes') ?? document.body;
}

/** The default: light, indigo on slate, medium radius, 100 %. */
export const Light: Story = {
  play: async ({ canvasElement }) => {
    const { host, reviewLink } = await loaded(canvasElement);
    await expect(getComputedStyle(reviewLink).backgroundColor).toBe(resolveToken(host, 'var(--indigo-9)'));
  },
};

/**
 * Dark: every surface the screens paint is dark and every text light, the primary actions take the
 * dark accent (axe checks the contrast of every text on top).
 */
export const Dark: Story = {
  args: { appearance: 'dark' },
  play: async ({ canvasElement }) => {
    const { host, reviewLink, reviewButton, heading, workflow } = await loaded(canvasElement);
    // The dark palette is in force: its background step differs from the light theme around it.
    await expect(resolveToken(host, 'var(--gray-1)')).not.toBe(
      resolveToken(outerTheme(host), 'var(--gray-1)'),
    );
    const accent = resolveToken(host, 'var(--accent-9)');
    await expect(getComputedStyle(reviewLink).backgroundColor).toBe(accent);
    await expect(getComputedStyle(reviewButton).backgroundColor).toBe(accent);
    await expect(luminance(getComputedStyle(host).backgroundColor)).toBeLessThan(0.05);
    // The panels (cards) behind the heading, the workflow and the queue's cards are dark too.
    for (const element of [heading, workflow, reviewLink.closest('article') as Element]) {
      await expect(luminance(backgroundBehind(element))).toBeLessThan(0.05);
    }
    const text = getComputedStyle(heading).color;
    await expect(luminance(text)).toBeGreaterThan(0.7);
    await expect(contrast(text, backgroundBehind(heading))).toBeGreaterThan(7);
    // Toasts too (react-hot-toast's own are white).
    const id = toast.success('Theme check');
    const message = await within(document.body).findByText('Theme check');
    const bubble = message.closest('[role="status"]')?.parentElement as Element;
    await expect(luminance(getComputedStyle(bubble).backgroundColor)).toBeLessThan(0.05);
    await expect(
      contrast(getComputedStyle(bubble).color, getComputedStyle(bubble).backgroundColor),
    ).toBeGreaterThan(7);
    toast.remove(id);
  },
};

/** Dark with the Review dialog open: dialogs render in the theme's portal and stay dark. */
export const DarkDialog: Story = {
  args: { appearance: 'dark' },
  play: async ({ canvasElement }) => {
    const { reviewButton } = await loaded(canvasElement);
    await userEvent.click(reviewButton);
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: `Review ${underReview.requisition_number}` });
    await within(dialog).findByRole('radio', { name: 'Approve' });
    const title = within(dialog).getByRole('heading', { name: `Review ${underReview.requisition_number}` });
    await expect(luminance(backgroundBehind(title))).toBeLessThan(0.05);
    await expect(contrast(getComputedStyle(title).color, backgroundBehind(title))).toBeGreaterThan(7);
  },
};

/** Dark on a phone (390 px). */
export const DarkPhone: Story = { ...atPhoneSize, args: { appearance: 'dark' }, play: Dark.play };

/** Another accent and gray: purple on mauve (Radix's crimson, ruby or teal under white text fall short of AA contrast: axe fails them). */
export const PurpleOnMauve: Story = {
  args: { accentColor: 'purple', grayColor: 'mauve' },
  play: async ({ canvasElement }) => {
    const { canvas, host, reviewLink, reviewButton } = await loaded(canvasElement);
    const purple = resolveToken(host, 'var(--purple-9)');
    await expect(purple).not.toBe(resolveToken(host, 'var(--indigo-9)'));
    await expect(getComputedStyle(reviewLink).backgroundColor).toBe(purple);
    await expect(getComputedStyle(reviewButton).backgroundColor).toBe(purple);
    // Secondary text is the host's gray (mauve), not the slate of the theme around it.
    const [levelTitle] = canvas.getAllByText('Manager Approval', { selector: 'p' });
    const mauve = resolveToken(host, 'var(--mauve-a11)');
    await expect(mauve).not.toBe(resolveToken(host, 'var(--slate-a11)'));
    await expect(getComputedStyle(levelTitle as Element).color).toBe(mauve);
  },
};

/** Radius full: pill buttons, rounder cards. */
export const RadiusFull: Story = {
  args: { radius: 'full' },
  play: async ({ canvasElement }) => {
    const { host, reviewLink, reviewButton } = await loaded(canvasElement);
    await expect(getComputedStyle(reviewLink).borderTopLeftRadius).toBe('9999px');
    await expect(getComputedStyle(reviewButton).borderTopLeftRadius).toBe('9999px');
    const card = reviewLink.closest('article') as Element;
    const cardRadius = px(getComputedStyle(card).borderTopLeftRadius);
    await expect(cardRadius).toBe(px(resolveToken(host, 'var(--radius-4)', 'borderRadius')));
    await expect(cardRadius).toBeGreaterThan(
      px(resolveToken(outerTheme(host), 'var(--radius-4)', 'borderRadius')),
    );
  },
};

/** Radius none: square corners everywhere the screens draw one. */
export const RadiusNone: Story = {
  args: { radius: 'none' },
  play: async ({ canvasElement }) => {
    const { canvas, reviewLink, reviewButton } = await loaded(canvasElement);
    await expect(getComputedStyle(reviewLink).borderTopLeftRadius).toBe('0px');
    await expect(getComputedStyle(reviewButton).borderTopLeftRadius).toBe('0px');
    await expect(getComputedStyle(reviewLink.closest('article') as Element).borderTopLeftRadius).toBe('0px');
    const attachment = canvas.getByRole('list', { name: 'Attachments' }).firstElementChild?.firstElementChild;
    await expect(getComputedStyle(attachment as Element).borderTopLeftRadius).toBe('0px');
  },
};

/** Checks that buttons, type and the screens' own icon tiles are `factor` times their 100 % size. */
async function checkScaling(canvasElement: HTMLElement, factor: number) {
  const { host, reviewButton, workflow } = await loaded(canvasElement);
  await expect(px(getComputedStyle(reviewButton).height)).toBeCloseTo(32 * factor, 1);
  await expect(px(getComputedStyle(reviewButton).fontSize)).toBeCloseTo(14 * factor, 1);
  await expect(px(resolveToken(host, 'var(--space-4)', 'width'))).toBeCloseTo(16 * factor, 1);
  // The timeline's step icons are the screens' own boxes (32 px at 100 %): they scale as Radix's do.
  const stepIcon = workflow.querySelector('li > div > [aria-hidden]') as Element;
  await expect(px(getComputedStyle(stepIcon).width)).toBeCloseTo(32 * factor, 1);
}

/** Scaling 90 %: everything a tenth smaller. */
export const Scaling90: Story = {
  args: { scaling: '90%' },
  play: ({ canvasElement }) => checkScaling(canvasElement, 0.9),
};

/** Scaling 110 %: everything a tenth larger. */
export const Scaling110: Story = {
  args: { scaling: '110%' },
  play: ({ canvasElement }) => checkScaling(canvasElement, 1.1),
};

/** Our CSS variables set by the host: the pages fill its content area, sticky parts clear its 48 px header. */
export const HostVariables: Story = {
  args: { variables: { '--purchasing-page-max-width': 'none', '--purchasing-sticky-top': '48px' } },
  play: async ({ canvasElement }) => {
    const { heading } = await loaded(canvasElement);
    // Both pages (the queue's and the detail's) give their width to the host.
    const pages = [...canvasElement.querySelectorAll('[style*="--purchasing-page-max-width"]')];
    await expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) await expect(getComputedStyle(page).maxWidth).toBe('none');
    await expect(pages).toContain(heading.closest('[data-detail-screen]'));
  },
};
