/* The facilitator's guide: "Print" buttons, and a quiz presented a question at a time in
   a dialog, for a projector. Keys: → / Page Down next, ← / Page Up previous, A shows or
   hides the answer, Esc closes (the dialog's own). Every control is a button too. */
(function () {
  'use strict';

  function present(dialog, opener) {
    var slides = Array.prototype.slice.call(dialog.querySelectorAll('.slide'));
    var previous = dialog.querySelector('[data-action="previous"]');
    var next = dialog.querySelector('[data-action="next"]');
    var answer = dialog.querySelector('[data-action="answer"]');
    var close = dialog.querySelector('[data-action="close"]');
    var index = 0;

    function setAnswer(shown) {
      var slide = slides[index];
      slide.classList.toggle('answered', shown);
      slide.querySelector('.slide-answer').hidden = !shown;
      answer.setAttribute('aria-expanded', shown ? 'true' : 'false');
      answer.textContent = shown ? answer.getAttribute('data-hide') : answer.getAttribute('data-show');
    }

    function show(place) {
      index = Math.max(0, Math.min(slides.length - 1, place));
      slides.forEach(function (slide, i) { slide.hidden = i !== index; });
      setAnswer(false);
      previous.disabled = index === 0;
      next.disabled = index === slides.length - 1;
      slides[index].querySelector('.slide-prompt').focus();
    }

    opener.hidden = false;
    var help = document.querySelector('.present-help');
    if (help) help.hidden = false;
    opener.addEventListener('click', function () {
      dialog.showModal();
      show(0);
    });
    previous.addEventListener('click', function () { show(index - 1); });
    next.addEventListener('click', function () { show(index + 1); });
    answer.addEventListener('click', function () { setAnswer(!slides[index].classList.contains('answered')); });
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
        setAnswer(!slides[index].classList.contains('answered'));
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
