// The message types a thread test seeds after its long history: one of each non-media type this
// app renders (spec part 1 §3), ending with an answerable button message.
export const ECHO_TAIL: { type: string; payload: Record<string, unknown> }[] = [
  { type: 'text', payload: { text: { body: 'Here is *everything* I can show.' }, rating_type: 'thumbs' } },
  {
    type: 'card',
    payload: {
      text: { body: 'Our picks' },
      card: {
        cards: [
          { title: 'Masala chai', subtitle: 'Strong and sweet', image: { url: '/api/media/none', content_type: 'image/png' }, buttons: [{ body: 'Read more', action: { type: 'website', value: 'https://example.com/chai' } }] },
          { title: 'Filter coffee', subtitle: 'South Indian style', buttons: [{ body: 'View cart', action: { type: 'view_cart' } }] },
        ],
      },
    },
  },
  {
    type: 'product_list',
    payload: {
      product_list: {
        products: [
          { catalog_id: 'c1', product_id: 'p1', name: 'Toor dal 1 kg', price: { price: 12050, currency: 'INR' } },
          { catalog_id: 'c1', product_id: 'p2', name: 'Ca phe sua da', price: { price: 25000, currency: 'VND' } },
        ],
      },
    },
  },
  { type: 'catalog_list', payload: { catalog_list: { catalogs: [{ catalog_id: 'groceries', name: 'Groceries', description: 'Dal, atta, rice' }] } } },
  { type: 'cart', payload: { cart: { item_count: 3, total: { price: 45000, currency: 'INR' } } } },
  { type: 'scorecard', payload: { rating_type: 'stars', scorecard: { title: 'Quiz result', score: 7, total: 10, rows: [{ label: 'Correct', value: '7' }, { label: 'Wrong', value: '3' }] } } },
  {
    type: 'action',
    payload: {
      text: { body: 'Reach us' },
      actions: [
        { body: 'Website', action: { type: 'website', value: 'https://example.org/help' } },
        { body: 'Email us', action: { type: 'email', value: 'help@example.org' } },
        { body: 'Call us', action: { type: 'phone_number', value: '+91 98765 43210' } },
        { body: 'My cart', action: { type: 'view_cart' } },
        { body: 'Bad link', action: { type: 'website', value: 'javascript:alert(1)' } },
      ],
    },
  },
  { type: 'rich_input', payload: { text: { body: 'Vote now' }, rich_input: { type: 'poll' } } },
  { type: 'hologram', payload: { text: { body: 'from the future' } } },
  { type: 'button', payload: { text: { body: 'Pick a size' }, buttons: [{ body: 'Small', button_index: 0 }, { body: 'Medium', button_index: 1 }, { body: 'Large', button_index: 2 }] } },
];

export const SLOW_TAIL: { type: string; payload: Record<string, unknown> }[] = [
  { type: 'persistent_menu', payload: { text: { body: 'I have a menu' }, buttons: [{ body: 'Help', button_index: 0 }, { body: 'Start over', button_index: 1 }] } },
  {
    type: 'multi_select_button',
    payload: {
      text: { body: 'What do you drink?' },
      buttons: [{ body: 'Tea', button_index: 0 }, { body: 'Coffee', button_index: 1 }, { body: 'Milk', button_index: 2 }, { body: 'Juice', button_index: 3 }],
      allow_custom_response: true,
    },
  },
];
