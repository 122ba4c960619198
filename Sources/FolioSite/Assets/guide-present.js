/* The facilitator's guide: "Print" buttons, and a quiz presented a question at a time in
   a dialog, for a projector. Its slides are made from the questions on the page when it
   opens. Keys: → / Page Down next, ← / Page Up previous, A shows or hides the answer, Esc
   closes (the dialog's own). Every control is a button too. */
(function () {
  'use strict';

  // A copy of the children of `element`, leaving out those that match `skip`.
  function copyOf(element, skip) {
    var fragment = document.createDocumentFragment();
    if (!element) return fragment;
    Array.prototype.forEach.call(element.childNodes, function (node) {
      if (skip && node.nodeType === 1 && node.matches(skip)) return;
      fragment.appendChild(node.cloneNode(true));
    });
    return fragment;
  }

  function make(tag, className, children) {
    var element = document.createElement(tag);
    if (className) element.className = className;
    (children || []).forEach(function (child) { element.appendChild(typeof child === 'string' ? document.createTextNode(child) : child); });
    return element;
  }

  // One slide for each question of the page: its prompt and choices, and, hidden, what is
  // right and the explanation.
  function slides(dialog) {
    var questions = Array.prototype.slice.call(document.querySelectorAll('.guide-question'));
    var count = dialog.getAttribute('data-count');
    var rightWord = dialog.getAttribute('data-right');
    return questions.map(function (question, index) {
      var slide = make('section', 'slide');
      slide.hidden = index > 0;
      slide.appendChild(make('p', 'slide-count', [count.replace('{number}', String(index + 1)).replace('{count}', String(questions.length))]));
      var prompt = make('h2', 'slide-prompt', [copyOf(question.querySelector('.prompt'))]);
      prompt.tabIndex = -1;
      slide.appendChild(prompt);
      var right = [];
      var choices = question.querySelectorAll('.guide-choices > li');
      if (choices.length) {
        var list = make('ol', 'slide-choices');
        list.type = 'A';
        Array.prototype.forEach.call(choices, function (choice) {
          var item = make('li', '', [copyOf(choice.querySelector('.choice-text'))]);
          if (choice.classList.contains('right')) {
            item.setAttribute('data-right', '');
            right.push(copyOf(choice.querySelector('.choice-text')));
          }
          list.appendChild(item);
        });
        slide.appendChild(list);
      } else {
        right.push(copyOf(question.querySelector('.guide-answer'), 'strong'));
      }
      var answer = make('div', 'slide-answer', [make('p', '', [make('strong', '', [rightWord + ':']), ' '].concat(
        right.reduce(function (all, part, i) { return all.concat(i ? [' · ', part] : [part]); }, [])))]);
      var explanation = question.querySelector('.guide-explanation');
      if (explanation) answer.appendChild(make('p', '', [copyOf(explanation, 'strong')]));
      answer.hidden = true;
      slide.appendChild(answer);
      return slide;
    });
  }

  function present(dialog, opener) {
    var holder = dialog.querySelector('.slides');
    var previous = dialog.querySelector('[data-action="previous"]');
    var next = dialog.querySelector('[data-action="next"]');
    var answer = dialog.querySelector('[data-action="answer"]');
    var close = dialog.querySelector('[data-action="close"]');
    var list = [];
    var index = 0;

    function setAnswer(shown) {
      var slide = list[index];
      slide.classList.toggle('answered', shown);
      slide.querySelector('.slide-answer').hidden = !shown;
      answer.setAttribute('aria-expanded', shown ? 'true' : 'false');
      answer.textContent = shown ? answer.getAttribute('data-hide') : answer.getAttribute('data-show');
    }

    function show(place) {
      index = Math.max(0, Math.min(list.length - 1, place));
      list.forEach(function (slide, i) { slide.hidden = i !== index; });
      setAnswer(false);
      previous.disabled = index === 0;
      next.disabled = index === list.length - 1;
      list[index].querySelector('.slide-prompt').focus();
    }

    opener.hidden = false;
    var help = document.querySelector('.present-help');
    if (help) help.hidden = false;
    opener.addEventListener('click', function () {
      if (!list.length) {
        list = slides(dialog);
        list.forEach(function (slide) { holder.appendChild(slide); });
      }
      dialog.showModal();
      show(0);
    });
    previous.addEventListener('click', function () { show(index - 1); });
    next.addEventListener('click', function () { show(index + 1); });
    answer.addEventListener('click', function () { setAnswer(!list[index].classList.contains('answered')); });
    close.addEventListener('click', function () { dialog.close(); });
    dialog.addEventListener('close', function () { opener.focus(); });
    dialog.addEventListener('keydown', function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      var key = event.key;
      if (key === 'ArrowRight' || key === 'PageDown') {
        show(index + 1);
      } else if (key === 'ArrowLeft' || key === 'PageUp') {
        show(index - 1);
      } else if (key === 'a' || key === 'A') {
        setAnswer(!list[index].classList.contains('answered'));
      } else {
        return;
      }
      event.preventDefault();
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('[data-print]').forEach(function (button) {
      button.hidden = false;
      button.addEventListener('click', function () { window.print(); });
    });
    var dialog = document.getElementById('present');
    var opener = document.querySelector('[data-present]');
    if (dialog && opener && typeof dialog.showModal === 'function') present(dialog, opener);
  });
})();
