// `pnpm lint:docs`: every relative link in the docs must reach a file that exists, and every
// `#anchor` a heading of the page it names. The check is offline: `repository: false` keeps it
// from asking git for a remote (a worktree or a fresh clone may have none), so links are resolved
// from the repository root, where `pnpm lint` runs.
import remarkValidateLinks from 'remark-validate-links';

export default {
  plugins: [[remarkValidateLinks, { repository: false, root: '.' }]],
};
